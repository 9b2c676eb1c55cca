/*
 * trim(): glibc's malloc_trim(0), for src/lib/memory-trim.ts (decision 0028). V8's compiler and garbage
 * collector threads each allocate from a malloc arena of their own, and glibc hands freed memory in the
 * middle of an arena back to the system only when malloc_trim asks it to. Returns whether any memory went
 * back; false where the C library is not glibc (musl, macOS), which has no such call.
 */
#include <node_api.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  int released = 0;
#ifdef __GLIBC__
  released = malloc_trim(0);
#endif
  napi_value result;
  napi_get_boolean(env, released == 1, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
  return exports;
}
