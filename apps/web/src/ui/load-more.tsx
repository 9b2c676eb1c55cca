import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * An invisible mark at the end of a list that calls `onVisible` when it scrolls into view. Give it a new
 * key per loaded page: a fresh observer reports at once when the mark is still in view (a short page).
 * `ahead` is how far below the screen (px) the next page is already asked for, so scrolling rarely waits.
 */
export function LoadMore({ onVisible, ahead = 400 }: { onVisible: () => void; ahead?: number }) {
  const mark = useRef<HTMLDivElement>(null);
  const visible = useEffectEvent(onVisible);

  useEffect(() => {
    const target = mark.current;
    // Test DOMs (jsdom) have no IntersectionObserver; every browser the portal supports does.
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) visible();
      },
      { rootMargin: `${ahead}px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ahead]);

  return <div ref={mark} data-load-more aria-hidden />;
}
