import v8 from 'node:v8';

/**
 * How far V8 may grow its old generation past what survived the last full collection, in percent, when
 * the database is embedded (decision 0026). V8's own factor, up to 4x, suits a process with memory to
 * spare. The embedded server has PGlite's WebAssembly memory and compiler heaps beside it. Under load,
 * requests waiting on PGlite's one connection promote their garbage, and V8 let the old generation grow
 * until the process reached 424 MB (budget 300, issue 11). Growing by a tenth kept the bench's peak at
 * 301–318 MB with the same p50s: more frequent full collections, whose marking runs off the main thread.
 */
const EMBEDDED_HEAP_GROWING_PERCENT = 10;

/** V8 reads the flag at each full collection, so setting it once the process runs takes effect. */
export function limitHeapGrowth() {
  v8.setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
