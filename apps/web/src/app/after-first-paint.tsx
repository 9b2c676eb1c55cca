import { type ReactNode, useEffect, useState } from 'react';

/** At the latest this long after mounting, when no frame comes (a tab in the background paints none). */
const FALLBACK_MS = 250;

/**
 * Renders `children` only once what is around them has been painted, in a task of its own. For parts of
 * the shell that are not what a page is opened for (the menu, the side widgets' lists): the page's own
 * content paints first, sooner, and the long task of mounting everything at once is split in two. Until
 * then it shows `fallback`. Not a transition: one would wait for any other transition in flight (a page
 * that suspends on its data), and the menu with it.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      setReady(true);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this commit's, then a task of its own: the commit has been painted by then.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show, 0);
    });
    const fallback = setTimeout(show, FALLBACK_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [ready]);
  return ready ? children : fallback;
}
