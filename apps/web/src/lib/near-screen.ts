import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the element given the returned ref has come within `ahead` px of the screen; once it has, it
 * stays true. With `initially`, it is true from the start: for what is likely on screen at once, so that
 * what it gates never shows as its stand-in first. Measuring that instead (a layout effect reading the
 * element's position) forced the page's layout in the middle of the first render and rendered it again
 * before the paint: about 90 ms of the news page's first task at a phone's speed. Test DOMs (jsdom)
 * have no IntersectionObserver: there it is true at once.
 */
export function useNearScreen<T extends Element>(
  ahead: number,
  { initially = false }: { initially?: boolean } = {},
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => initially || typeof IntersectionObserver === 'undefined');

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
