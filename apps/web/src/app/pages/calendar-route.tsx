import { useSearchParams } from 'react-router';
import { CompanyCalendarPage } from '../../features/calendar/pages/company-calendar-page';
import { MeetingsDayPage } from '../../features/meetings/pages/meetings-day-page';

/**
 * /calendar/vacations: the company calendar's day view is the user's meetings (spec work side §2), every
 * other view the absence calendar. Composed here, since features do not import each other.
 */
export function CalendarRoute() {
  const [params] = useSearchParams();
  return params.get('view') === 'day' ? <MeetingsDayPage /> : <CompanyCalendarPage />;
}
