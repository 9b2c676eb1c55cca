import { useInterval } from '@mantine/hooks';
import { useState } from 'react';

/** The current time, refreshed each minute: markers move on and timing labels count down with the day. */
export function useNow() {
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), 60_000, { autoInvoke: true });
  return now;
}
