// Read by zod before any schema is built: validators are interpreted, never compiled with `new Function`.
// The Content-Security-Policy forbids eval, and zod's probe for it would raise a violation report on
// every page load. A classic script: deferred, it blocks no paint and still runs before the app's modules
// (in document order), and zod only arrives later with the forms that use it.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
