import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { CompanyCalendarPage } from '../../features/calendar/pages/company-calendar-page';
import { SkeletonRows } from '../../ui/skeleton-rows';
import { lazyPart } from '../lazy-parts';

// The day view (meetings, with their form) is a chunk of its own: the month view does not need it.
const MeetingsDayPage = lazyPart(
  async () => (await import('../../features/meetings/pages/meetings-day-page')).MeetingsDayPage,
);

/**
 * /calendar/vacations: the company calendar's day view is the user's meetings (spec work side §2), every
 * other view the absence calendar. Composed here, since features do not import each other.
 */
export function CalendarRoute() {
  const [params] = useSearchParams();
  return params.get('view') === 'day' ? (
    <Suspense fallback={<SkeletonRows count={6} />}>
      <MeetingsDayPage />
    </Suspense>
  ) : (
    <CompanyCalendarPage />
  );
}
