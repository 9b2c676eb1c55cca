import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

export type LazyPart<P extends object> = ComponentType<P> & {
  /** Starts loading the part's chunk (once); resolves when it is there. */
  preload: () => Promise<unknown>;
};

/**
 * A component kept out of the first load, in a chunk of its own. Once its chunk is there it renders at once,
 * without passing through Suspense; until then it suspends, and the nearest Suspense shows its fallback.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    });
    return loading;
  };
  const Lazy = lazy(preload);

  function Part(props: P) {
    // Chosen once per mount: turning from the lazy wrapper into the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Part, { preload });
}

/** What tells that someone is at the page: a pointer moving or pressed, a key, a touch, a scroll wheel. */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs `run` on the user's first sign of activity on the page (at once when there has been one). Not when
 * the browser is first idle: a part loaded then competes with the page's own first load and render, for a
 * modal that most visits never open; by the time a user has moved a pointer to its button, it is there.
 */
let active = false;
export const whenActive = (run: () => void): (() => void) => {
  if (active) {
    const id = window.setTimeout(run, 0);
    return () => window.clearTimeout(id);
  }
  const options = { capture: true, passive: true } as const;
  const onIntent = () => {
    active = true;
    stop();
    run();
  };
  const stop = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, options);
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, options);
  return stop;
};

type DeferredProps = { open: boolean; part: { preload: () => Promise<unknown> }; children: ReactNode };

/**
 * For a modal or drawer that is a lazy part: mounts it at once when it is open (opened by the address),
 * otherwise once its chunk has loaded after the user's first sign of activity on the page (not during the
 * page's own first load), so that a later opening animates as it always did.
 */
export function Deferred({ open, part, children }: DeferredProps) {
  const [ready, setReady] = useState(open);
  // Once open, it stays mounted, so that closing it animates too.
  if (open && !ready) setReady(true);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const cancel = whenActive(() => {
      void part.preload().then(() => {
        if (live) setReady(true);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [ready, part]);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
