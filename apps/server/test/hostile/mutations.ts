import fc from 'fast-check';
import {
  acceptsFreeText,
  allowsNull,
  isOpen,
  type JsonSchema,
  jsonTypeOf,
  maxLengthOf,
  mayFit,
} from './schema';
import {
  DEEP_ARRAY_TEXT,
  DEEP_OBJECT_TEXT,
  HUGE_STRING,
  hostileJson,
  hostileText,
  isUnstorable,
  SMUGGLED_KEYS,
  TRICKY_TEXT,
  UNSTORABLE_TEXT,
} from './values';

/**
 * Hostile variants of a valid request body: each field made wrong in one way (per the route's published
 * schema), keys added, and the body as a whole replaced by what is not a JSON object.
 */
export type Mutation = {
  /** What was done, so that a counterexample reads as one. */
  label: string;
  /** The field (dotted path) a refusal must name; null for the body as a whole. */
  field: string | null;
  /** Wrong whatever the route does: it must be refused, naming the field. Else it may be taken. */
  refuse: boolean;
  /** The request body as sent. */
  text: string;
  /** The Content-Type header; null sends none. */
  contentType?: string | null;
};

type Body = Record<string, unknown>;

/** Text length as the schemas (zod) and PostgreSQL count it: in code points, an emoji as one. */
export const lengthOf = (text: string) => [...text].length;

/** A field of a body: declared by the schema, or present in the valid body (forms typed by the server). */
type Field = { path: string[]; schema: JsonSchema | undefined; valid: unknown; required: boolean };
/** An object of a body that unknown keys can be put into. */
type Level = { path: string[]; declared: Set<string> };

const isPlainObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema read off a valid value, for fields whose schema says nothing (form values). */
function inferred(valid: unknown): JsonSchema | undefined {
  if (valid === undefined || valid === null) return undefined;
  const type = jsonTypeOf(valid);
  return { type: type === 'integer' ? 'number' : type };
}

/** The fields and objects of a body, walking into the objects the valid body fills in. */
export function shapeOf(schema: JsonSchema, valid: Body, knownKeys: readonly string[] = []) {
  const fields: Field[] = [];
  const levels: Level[] = [];
  const walk = (objectSchema: JsonSchema | undefined, value: Body, path: string[]) => {
    const declared = Object.keys(objectSchema?.properties ?? {});
    levels.push({ path, declared: new Set([...declared, ...(path.length ? [] : knownKeys)]) });
    for (const key of new Set([...declared, ...Object.keys(value)])) {
      const extra = objectSchema?.additionalProperties;
      const own = objectSchema?.properties?.[key] ?? (typeof extra === 'object' ? extra : undefined);
      const schema = isOpen(own) ? inferred(value[key]) : own;
      const required = objectSchema?.required?.includes(key) ?? false;
      fields.push({ path: [...path, key], schema, valid: value[key], required });
      const nested = value[key];
      if (isPlainObject(nested)) walk(isOpen(own) ? undefined : own, nested, [...path, key]);
    }
  };
  walk(schema, valid, []);
  return { fields, levels };
}

const RAW = '@@hostile-raw@@';

/** The body with the value at `path` set (or a key added), as JSON text; `raw` values are spliced in as text. */
export function bodyText(valid: Body, path: string[], value: unknown, raw = false): string {
  const body = structuredClone(valid);
  let target: Body = body;
  for (const key of path.slice(0, -1)) {
    const next = isPlainObject(target[key]) ? (target[key] as Body) : {};
    Object.defineProperty(target, key, { value: next, enumerable: true, writable: true, configurable: true });
    target = next;
  }
  const last = path[path.length - 1] as string;
  // defineProperty, so that a key such as "constructor" is an own key like any other.
  Object.defineProperty(target, last, {
    value: raw ? RAW : value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  const text = JSON.stringify(body);
  return raw ? text.replace(JSON.stringify(RAW), String(value)) : text;
}

/** Values of every JSON type, each tried where the schema says its type cannot fit. */
const WRONG_TYPED: unknown[] = ['not a valid value', 12.5, -7, true, [1, 'two'], { nested: 'object' }];

/** The fixed mutations of each field and object of a body. */
export function fieldMutations(
  schema: JsonSchema,
  valid: Body,
  knownKeys: readonly string[] = [],
): Mutation[] {
  const { fields, levels } = shapeOf(schema, valid, knownKeys);
  const mutations: Mutation[] = [];
  const seen = new Map<string, number>();
  for (const field of fields) {
    const name = field.path.join('.');
    const set = (value: unknown, raw = false) => bodyText(valid, field.path, value, raw);
    // A schema shared by many fields (the directory filter's 30 id lists) is tried in full twice; the
    // others get one wrong type and the megabyte, enough to show that each names itself.
    const sameSchema = (seen.get(JSON.stringify(field.schema)) ?? 0) + 1;
    seen.set(JSON.stringify(field.schema), sameSchema);
    if (field.schema && sameSchema > 2) {
      const wrong = WRONG_TYPED.find((value) => !mayFit(field.schema as JsonSchema, value));
      if (wrong !== undefined)
        mutations.push({
          label: `${name}: ${JSON.stringify(wrong)}`,
          field: name,
          refuse: true,
          text: set(wrong),
        });
      mutations.push({ label: `${name}: a 1 MB string`, field: name, refuse: true, text: set(HUGE_STRING) });
      continue;
    }
    if (field.schema) {
      for (const value of WRONG_TYPED) {
        const wrongText = typeof value === 'string' && !acceptsFreeText(field.schema);
        if (mayFit(field.schema, value) && !wrongText) continue;
        mutations.push({
          label: `${name}: ${JSON.stringify(value)}`,
          field: name,
          refuse: true,
          text: set(value),
        });
      }
      const nullRefused = field.required && !allowsNull(field.schema);
      mutations.push({ label: `${name}: null`, field: name, refuse: nullRefused, text: set(null) });
      mutations.push({ label: `${name}: a 1 MB string`, field: name, refuse: true, text: set(HUGE_STRING) });
    }
    // Deep objects come in the random runs; every hostile text in the first text field, below.
    mutations.push({
      label: `${name}: arrays 10,000 deep`,
      field: name,
      refuse: true,
      text: set(DEEP_ARRAY_TEXT, true),
    });
    if (acceptsFreeText(field.schema) && field.schema) {
      mutations.push({
        label: `${name}: a NUL byte`,
        field: name,
        refuse: true,
        text: set('before\u0000after'),
      });
      mutations.push({
        label: `${name}: a lone surrogate`,
        field: name,
        refuse: true,
        text: set('broken \uD83D emoji'),
      });
    }
  }
  // Every hostile text once, in the first field that takes free text.
  const textField = fields.find((f) => f.schema && acceptsFreeText(f.schema));
  if (textField) {
    const name = textField.path.join('.');
    const max = maxLengthOf(textField.schema);
    for (const [what, text] of Object.entries(UNSTORABLE_TEXT)) {
      mutations.push({
        label: `${name}: ${what}`,
        field: name,
        refuse: true,
        text: bodyText(valid, textField.path, text),
      });
    }
    for (const [what, text] of Object.entries(TRICKY_TEXT)) {
      const refuse = max !== undefined && lengthOf(text) > max;
      mutations.push({
        label: `${name}: ${what}`,
        field: name,
        refuse,
        text: bodyText(valid, textField.path, text),
      });
    }
  }
  for (const level of levels) {
    // Every smuggled key at the top, where an owner, author or company would be taken from; a few deeper.
    const keys = level.path.length ? SMUGGLED_KEYS.slice(0, 3) : SMUGGLED_KEYS;
    for (const key of keys.filter((k) => !level.declared.has(k))) {
      const name = [...level.path, key].join('.');
      mutations.push({
        label: `unknown key ${name}`,
        field: name,
        refuse: true,
        text: bodyText(valid, [...level.path, key], 1),
      });
    }
    const unstorableKey = [...level.path, 'key\u0000with NUL'];
    mutations.push({
      label: `a key with a NUL byte in ${level.path.join('.') || 'the body'}`,
      field: unstorableKey.join('.'),
      refuse: true,
      text: bodyText(valid, unstorableKey, 'value'),
    });
  }
  return mutations;
}

/** Random mutations: hostile text or any JSON in one field, or a random key added to an object. */
export function randomMutation(
  schema: JsonSchema,
  valid: Body,
  knownKeys: readonly string[] = [],
): fc.Arbitrary<Mutation> {
  const { fields, levels } = shapeOf(schema, valid, knownKeys);
  const textFields = fields.filter((f) => f.schema && acceptsFreeText(f.schema));
  const containsUnstorable = (value: unknown): boolean =>
    typeof value === 'string'
      ? isUnstorable(value)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).some(([k, v]) => isUnstorable(k) || containsUnstorable(v))
        : false;
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom(...fields).map((field) => ({
      label: `${field.path.join('.')}: objects 10,000 deep`,
      field: field.path.join('.'),
      refuse: true,
      text: bodyText(valid, field.path, DEEP_OBJECT_TEXT, true),
    })),
    fc.tuple(fc.constantFrom(...fields), hostileJson()).map(([field, value]) => ({
      label: `${field.path.join('.')}: ${JSON.stringify(value)}`,
      field: field.path.join('.'),
      refuse: containsUnstorable(value) || (field.schema !== undefined && !mayFit(field.schema, value)),
      text: bodyText(valid, field.path, value),
    })),
    fc
      .tuple(fc.constantFrom(...levels), hostileText())
      .filter(([level, key]) => !level.declared.has(key) && key !== '__proto__')
      .map(([level, key]) => ({
        label: `unknown key ${JSON.stringify(key)} in ${level.path.join('.') || 'the body'}`,
        field: [...level.path, key].join('.'),
        refuse: true,
        text: bodyText(valid, [...level.path, key], 'smuggled'),
      })),
  ];
  if (textFields.length) {
    options.push(
      fc.tuple(fc.constantFrom(...textFields), hostileText(), fc.boolean()).map(([field, text, append]) => {
        const value = append && typeof field.valid === 'string' ? field.valid + text : text;
        const max = maxLengthOf(field.schema);
        return {
          label: `${field.path.join('.')}: ${JSON.stringify(value)}`,
          field: field.path.join('.'),
          refuse: isUnstorable(value) || (max !== undefined && lengthOf(value) > max),
          text: bodyText(valid, field.path, value),
        };
      }),
    );
  }
  return fc.oneof(...options);
}

/** The body as a whole: not an object, not JSON, not sent as JSON, too deep or too big. */
export function bodyMutations(schema: JsonSchema, valid: Body): Mutation[] {
  const text = JSON.stringify(valid);
  const whole = (label: string, body: string, contentType?: string | null, refuse = true): Mutation => ({
    label,
    field: null,
    refuse,
    text: body,
    contentType,
  });
  return [
    whole('an empty array', '[]'),
    whole('the body inside an array', `[${text}]`),
    whole('a number', '42'),
    whole('a string', '"text"'),
    whole('true', 'true'),
    whole('null', 'null', undefined, !schema.nullable),
    whole('an unclosed object', '{'),
    whole('a missing value', '{"a":}'),
    whole('single quotes', "{'a': 1}"),
    whole('a trailing comma', `${text.slice(0, -1)},}`),
    whole('cut short', text.slice(0, -1)),
    whole('garbage after the object', `${text} garbage`),
    whole('two objects', `${text}${text}`),
    whole('NaN', 'NaN'),
    whole('nothing, as JSON', ''),
    whole('a NUL byte, as JSON', '\u0000'),
    whole('a __proto__ key', '{"__proto__":{"polluted":true}}'),
    whole('a constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}'),
    whole('arrays 10,000 deep', DEEP_ARRAY_TEXT),
    whole('objects 10,000 deep', DEEP_OBJECT_TEXT),
    whole('over the 1 MiB body limit', JSON.stringify({ ...valid, padding: 'x'.repeat(1_100_000) })),
    whole('as text/plain', text, 'text/plain'),
    whole('as a form', text, 'application/x-www-form-urlencoded'),
    whole('as XML', text, 'application/xml'),
    // A route whose body may be left out may take a form it cannot read as none.
    whole('as multipart without a boundary', text, 'multipart/form-data', !schema.nullable),
    // The JSON text is ASCII, the same in Latin-1 and UTF-8: taking it is no harm.
    whole('as JSON in Latin-1', text, 'application/json; charset=latin1', false),
    whole('without a content type', text, null),
  ];
}
