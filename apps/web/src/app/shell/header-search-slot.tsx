import { GlobalSearch } from '../../features/search/components/global-search';
import { useWidgets } from '../widgets/widgets-context';

/** The header's global search; opening a result also makes that person the selected user. */
export function HeaderSearchSlot() {
  const { selectUser } = useWidgets();
  return <GlobalSearch onSelect={selectUser} />;
}
