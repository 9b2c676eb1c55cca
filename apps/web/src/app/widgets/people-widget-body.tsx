import { PeopleWidgetBody as PeopleList } from '../../features/people/components/people-widget-body';
import { useWidgets } from './widgets-context';

/** The people widget's list under its 'Peoples' title; a click selects the person and opens their profile. */
export function PeopleWidgetBody() {
  const { selectUser } = useWidgets();
  return <PeopleList onSelect={selectUser} />;
}
