import fc from 'fast-check';
import { lengthOf } from './mutations';
import { acceptsFreeText, type JsonSchema, maxLengthOf, mayFit } from './schema';
import { hostileText, TRICKY_TEXT } from './values';

/** A query parameter as the OpenAPI document publishes it. */
export type QueryParam = { name: string; schema: JsonSchema };

/** A hostile variant of a valid query string: one parameter replaced by an encoded value. */
export type QueryMutation = { label: string; param: string; refuse: boolean; query: string };

/** Percent-encodes text; a lone surrogate goes as the bytes a careless encoder writes for it (WTF-8). */
export function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xed, 0xa0 | ((unit >> 6) & 0x1f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** The query with `name` set to the encoded `value` (or to several values), other parameters kept. */
function withParam(query: string, name: string, values: string[]): string {
  const kept = query
    .split('&')
    .filter((pair) => pair && pair.split('=')[0] !== name)
    .concat(values.map((value) => `${name}=${value}`));
  return kept.join('&');
}

const numeric = (schema: JsonSchema) => mayFit(schema, 1) || mayFit(schema, 1.5);

/** Fixed mutations of each parameter: wrong types, out of range, repeated, NUL, huge, tricky text. */
export function queryMutations(query: string, params: QueryParam[]): QueryMutation[] {
  const mutations: QueryMutation[] = [];
  for (const { name, schema } of params) {
    const add = (label: string, refuse: boolean, ...values: string[]) =>
      mutations.push({
        label: `${name}=${label}`,
        param: name,
        refuse,
        query: withParam(query, name, values),
      });
    const freeText = acceptsFreeText(schema);
    const max = maxLengthOf(schema);
    if (!freeText) add('not-a-valid-value', true, 'not-a-valid-value');
    if (numeric(schema)) {
      add('1.5', !mayFit(schema, 1.5), '1.5');
      add('-1', !mayFit(schema, -1), '-1');
      add('1e999', true, '1e999');
      add('a 21-digit number', true, '999999999999999999999');
      add('0x10', false, '0x10');
    }
    add('twice', true, '1', '2');
    add('a NUL byte', true, '1%00');
    add('invalid UTF-8', !freeText, '%FF%FE');
    add('8,000 characters', !freeText || max !== undefined, 'x'.repeat(8_000));
    add('empty', false, '');
    for (const [what, text] of Object.entries(TRICKY_TEXT)) {
      if (text.length > 200) continue;
      add(what, !freeText || (max !== undefined && lengthOf(text) > max), encode(text));
    }
  }
  // A parameter the route does not read is dropped by its schema, whatever it holds; it must not break it.
  for (const name of ['not_a_parameter', '__proto__', 'constructor']) {
    mutations.push({
      label: `${name}=a NUL byte`,
      param: name,
      refuse: false,
      query: withParam(query, name, ['1%00']),
    });
  }
  return mutations;
}

/** Random text in one parameter: only NUL is refused whatever the parameter (no value may hold it). */
export function randomQueryMutation(query: string, params: QueryParam[]): fc.Arbitrary<QueryMutation> {
  return fc.tuple(fc.constantFrom(...params), hostileText()).map(([{ name }, text]) => ({
    label: `${name}=${JSON.stringify(text)}`,
    param: name,
    refuse: text.includes('\u0000'),
    query: withParam(query, name, [encode(text)]),
  }));
}
