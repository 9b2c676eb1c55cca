import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether the element given the returned ref has come within `ahead` px of the screen; once it has, it
 * stays true. With `atOnce`, one already there when it mounts counts before the first paint, so that what
 * it gates never shows as its stand-in first; that measures the page there and then (a forced layout), so
 * it is for what may well be on screen at once, not for every item of a long list. Test DOMs (jsdom) have
 * no IntersectionObserver: there it is true at once.
 */
export function useNearScreen<T extends Element>(
  ahead: number,
  { atOnce = true }: { atOnce?: boolean } = {},
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useLayoutEffect(() => {
    if (!atOnce) return;
    const top = ref.current?.getBoundingClientRect().top;
    if (top !== undefined && top < window.innerHeight + ahead) setNear(true);
  }, [ahead, atOnce]);

  useEffect(() => {
    const target = ref.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${ahead}px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, ahead]);

  return [ref, near];
}
