import { waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { busyFor, leaveActEnvironment } from '../test/react-scheduler';
import { mountApp } from './mount-app';

const SLOW_PARTS = 30;
const PART_MS = 2;
const PART_NUMBERS = Array.from({ length: SLOW_PARTS }, (_, index) => index);

it('mounts the app in slices, giving the browser its turn while a long first render goes on', async () => {
  leaveActEnvironment();
  const happened: string[] = [];
  let timerSet = false;
  /** A component that takes PART_MS to render; the first one asks for a timer, which runs at the next pause. */
  function SlowPart({ index }: { index: number }) {
    if (!timerSet) {
      timerSet = true;
      setTimeout(() => happened.push('timer'), 0);
    }
    busyFor(PART_MS);
    happened.push(`part ${index}`);
    return <p>part {index}</p>;
  }
  const container = document.createElement('div');
  document.body.append(container);

  const root = mountApp(
    container,
    PART_NUMBERS.map((index) => <SlowPart key={`part-${index}`} index={index} />),
  );
  await waitFor(() => expect(container.querySelectorAll('p')).toHaveLength(SLOW_PARTS));
  root.unmount();
  container.remove();

  // Rendered in one task, all 30 parts (60 ms) would come before the timer.
  const timerAt = happened.indexOf('timer');
  expect(timerAt).toBeGreaterThan(0);
  expect(timerAt).toBeLessThan(SLOW_PARTS);
});
