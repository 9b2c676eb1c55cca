/**
 * Every route × method the app has registered, as 'METHOD /path', read from Fastify's route tree
 * (printRoutes without common prefixes: each line is a path segment under its parent, with its methods).
 */
export function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ├└─]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    // Each level of the tree indents by four characters.
    const depth = (match[1] ?? '').length / 4;
    while (stack.length && (stack[stack.length - 1]?.depth ?? 0) >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2];
    stack.push({ depth, path });
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push(`${method} ${path}`);
    }
  }
  return [...new Set(routes)].sort();
}

/** The routes the matrix must cover: the API's, less HEAD and OPTIONS (answered like GET, or by CORS). */
export function routesToCover(all: string[]): string[] {
  return all.filter((route) => {
    const [method, path = ''] = route.split(' ');
    return method !== 'HEAD' && method !== 'OPTIONS' && path.startsWith('/api');
  });
}
