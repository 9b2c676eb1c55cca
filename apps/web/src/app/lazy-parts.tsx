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

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
};

type DeferredProps = { open: boolean; part: { preload: () => Promise<unknown> }; children: ReactNode };

/**
 * For a modal or drawer that is a lazy part: mounts it at once when it is open (opened by the address),
 * otherwise once its chunk has loaded while the browser is idle after the page's first paint, so that a
 * later opening animates as it always did.
 */
export function Deferred({ open, part, children }: DeferredProps) {
  const [ready, setReady] = useState(open);
  // Once open, it stays mounted, so that closing it animates too.
  if (open && !ready) setReady(true);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const cancel = whenIdle(() => {
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
