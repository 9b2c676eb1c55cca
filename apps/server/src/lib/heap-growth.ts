import v8 from 'node:v8';

/**
 * How far V8 may grow its old generation past what survived the last full collection, in percent
 * (decision 0026). V8's own factor, up to 4x, suits a process with memory to spare. Under load, requests
 * waiting on the database live long enough for their objects to be promoted, and V8 let the old
 * generation grow with them: the embedded server (with PGlite's WebAssembly memory beside it) reached
 * 424 MB, and an API process on PostgreSQL 306 MB in the load run (budget 300, issue 11). Growing by a
 * tenth kept them at 301–348 and 180 MB with the same p50s: full collections come more often, and their
 * marking runs off the main thread.
 */
const HEAP_GROWING_PERCENT = 10;

/** V8 reads the flag at each full collection, so setting it once the process runs takes effect. */
export function limitHeapGrowth() {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
