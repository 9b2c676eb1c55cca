// Read by zod before any schema is built: validators are interpreted, never compiled with `new Function`.
// The Content-Security-Policy forbids eval, and zod's probe for it would raise a violation report on
// every page load. A classic script, so that it runs before the app's modules are evaluated.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
