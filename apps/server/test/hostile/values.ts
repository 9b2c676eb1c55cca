import fc from 'fast-check';

/**
 * Hostile values for request bodies and query strings: text that PostgreSQL or UTF-8 cannot hold,
 * text that is valid but tricky (direction overrides, combining marks, astral emoji, long grapheme
 * runs), sizes far over any limit, and nesting far deeper than any form.
 */

/** A string of a million characters: with the rest of a body still under the 1 MiB body limit. */
export const HUGE_STRING = 'x'.repeat(1_000_000);
/** Far deeper than any body of the API nests (a form is two levels deep at most). */
export const DEEP_LEVELS = 10_000;
/** JSON text of arrays nested DEEP_LEVELS deep, written out (JSON.stringify would recurse as deep). */
export const DEEP_ARRAY_TEXT = `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`;
/** …and of objects, each under the key "a". */
export const DEEP_OBJECT_TEXT = `${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}`;

/** Text no field may store: PostgreSQL text holds no NUL, and UTF-8 has no lone surrogates. */
export const UNSTORABLE_TEXT: Record<string, string> = {
  'a NUL byte': 'before\u0000after',
  'a lone high surrogate': 'broken \uD83D emoji',
  'a lone low surrogate': '\uDE00 at the start',
  'surrogates in the wrong order': '\uDE00\uD83D',
};

/** Valid Unicode that is easy to get wrong: a field takes it (within its length) or refuses it by name. */
export const TRICKY_TEXT: Record<string, string> = {
  'a right-to-left override': 'invoice\u202Efdp.exe',
  'isolates and marks': '\u2067abc\u2069\u200F\u200E',
  'combining marks on one letter': `Z${'\u0301\u0308\u0327'.repeat(30)}`,
  'a very long grapheme run': `e${'\u0301'.repeat(5_000)}`,
  'astral emoji': '😀🧑🏽‍🚀👩‍👩‍👧‍👦🏳️‍🌈',
  'many astral emoji': '🧑🏽‍🚀'.repeat(500),
  'a byte order mark and zero widths': '\uFEFF\u200B\u200C\u200Dtext\u2060',
  noncharacters: '\uFFFE\uFFFF\u{10FFFF}',
  'an HTML and SQL payload': `<script>alert(1)</script>'); drop table users; --`,
  'line and paragraph separators': 'one\u2028two\u2029three\r\n',
  'only white space': ' \t\u00A0\u3000',
};

const units16 = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Random text mixing the above with arbitrary UTF-16 units (lone surrogates and NUL included). */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...Object.values(UNSTORABLE_TEXT), ...Object.values(TRICKY_TEXT)),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: units16, maxLength: 40 }),
  );

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text is one no field may store (so that it must be refused, naming the field). */
export const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Any JSON value, with hostile text in its strings and keys. */
export const hostileJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(hostileText(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    fc.array(hostileText(), { maxLength: 3 }),
    hostileText(),
  );

/**
 * Keys a body might carry to take over what the caller may not set (mass assignment), and keys that
 * name what every object inherits.
 */
export const SMUGGLED_KEYS = [
  'user',
  'user_id',
  'author',
  'author_id',
  'status',
  'company',
  'company_id',
  'id',
  'owner',
  'manager',
  'is_active',
  'groups',
  'rights',
  'created_at',
  'updated_at',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
];
