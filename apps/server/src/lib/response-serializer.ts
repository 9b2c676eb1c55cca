import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type RouteSchema = { schema: unknown; method: string; url: string };

/**
 * What a response schema writes on the wire, as JSON Schema; null when that is not simply its output: a
 * transform (which JSON Schema cannot express) or a codec (whose encoding writes another type than the
 * handler returns), anywhere in it.
 */
export function wireSchema(schema: ZodType): Schema | null {
  let converts = false;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      override: ({ zodSchema }) => {
        const { type } = zodSchema._zod.def;
        if (type === 'pipe' || type === 'transform') converts = true;
      },
    });
    return converts ? null : (json as Schema);
  } catch {
    return null;
  }
}

const zodSerializer = createSerializerCompiler();

/**
 * Writes each route's answers with fast-json-stringify, compiled from the JSON Schema of its zod response
 * schema (the one OpenAPI publishes), as Fastify does with JSON Schema: only the fields the schema
 * declares are written, each as its declared type, and a required field missing fails the request. The
 * zod serializer checked every answer against the schema, then stringified what it built: 50 µs of the
 * task list's ~330 µs a request, against 25 µs (decision 0031).
 *
 * With `checked`, every answer is also checked against the zod schema first, and one that does not match
 * is refused as the zod serializer refuses it; and what is written must be the document the zod
 * serializer would write, keys perhaps in another order. The tests run so, to catch an answer drifting
 * from its contract or a schema whose JSON Schema says something else. A schema JSON Schema cannot
 * express (a transform, a codec) keeps the zod serializer.
 */
export function responseSerializerCompiler({
  checked,
}: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema, method, url } = route as RouteSchema;
    const json = schema instanceof z.ZodType ? wireSchema(schema) : null;
    if (!json) return zodSerializer(route as Parameters<typeof zodSerializer>[0]);
    const stringify = fastJsonStringify(json);
    if (!checked) return stringify;
    return (data) => {
      const result = z.safeEncode(schema as ZodType, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const written = stringify(data);
      const encoded = JSON.stringify(result.data);
      // The same document, keys perhaps in another order: fast-json-stringify writes required ones first.
      if (written !== encoded && !isDeepStrictEqual(JSON.parse(written), JSON.parse(encoded)))
        throw new Error(
          `${method} ${url}: the answer written, ${written}, is not its zod encoding, ${encoded}`,
        );
      return written;
    };
  };
}
