import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<V extends FieldValues, C, T> = Resolver<V, C, T> & {
  /** Starts loading the rules (once); the form's first check waits for them either way. */
  preload: () => Promise<Resolver<V, C, T>>;
};

/**
 * A form resolver whose rules (a contract's zod schema, and zod with it) load apart from the page: a page
 * that shows a form at once does not make its first load wait for them.
 */
export function lazyResolver<V extends FieldValues, C, T>(
  load: () => Promise<Resolver<V, C, T>>,
): LazyResolver<V, C, T> {
  let loading: Promise<Resolver<V, C, T>> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const resolver: Resolver<V, C, T> = async (values, context, options) =>
    (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}
