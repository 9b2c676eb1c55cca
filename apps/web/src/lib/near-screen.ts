import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether the element given the returned ref has come within `ahead` px of the screen; once it has, it
 * stays true. One already there when it mounts counts before the first paint, so that what it gates
 * never shows as its stand-in first. Test DOMs (jsdom) have no IntersectionObserver: there it is true
 * at once.
 */
export function useNearScreen<T extends Element>(ahead: number): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useLayoutEffect(() => {
    const top = ref.current?.getBoundingClientRect().top;
    if (top !== undefined && top < window.innerHeight + ahead) setNear(true);
  }, [ahead]);

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
