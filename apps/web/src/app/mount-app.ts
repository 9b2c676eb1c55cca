import { type ReactNode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Mounts the app in `container` as a transition, which React renders in slices of a few milliseconds with
 * the browser free in between, instead of in one task. Mounting the shell and a page took one task of
 * 300–450 ms at a phone's speed (4x CPU), and Lighthouse counts all of it but 50 ms as blocking time.
 * Paired Lighthouse runs (mobile, three each): /tasks 0.80 → 0.88, /people 0.85 → 0.90, with the same LCP
 * (docs/performance.md, tenth pass). The commit that puts the page in the document is still one task.
 */
export function mountApp(container: Element, app: ReactNode): Root {
  const root = createRoot(container);
  startTransition(() => root.render(app));
  return root;
}
