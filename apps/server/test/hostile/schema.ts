/**
 * What the published OpenAPI schema of a body or query parameter (made from the zod contracts) says a
 * value may be: enough to tell a value that must be refused from one the route may take.
 */
export type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
};

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The branches of a schema: its anyOf/oneOf alternatives, or itself. */
function branches(schema: JsonSchema): JsonSchema[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(branches);
  if (schema.allOf?.length === 1 && schema.allOf[0]) return branches(schema.allOf[0]);
  return [schema];
}

/** A schema that says nothing of its value (z.unknown()). */
export const isOpen = (schema: JsonSchema | undefined) =>
  !schema || branches(schema).some((b) => b.type === undefined && b.enum === undefined);

/** Whether a schema allows null (nullable, a null branch, or a null in its enum). */
export function allowsNull(schema: JsonSchema): boolean {
  if (schema.nullable || isOpen(schema)) return true;
  return branches(schema).some(
    (b) => b.nullable || b.type === 'null' || (Array.isArray(b.type) && b.type.includes('null')),
  );
}

const typesOf = (b: JsonSchema): string[] =>
  b.type === undefined ? (b.enum ?? []).map((v) => jsonTypeOf(v)) : ([] as string[]).concat(b.type);

/**
 * Whether a JSON value could pass the schema, judged by its type, an integer's range and an enum: a
 * `false` answer means the value is wrong whatever else the route checks. Strings are judged by type
 * alone here; `acceptsFreeText` says whether any text will do.
 */
export function mayFit(schema: JsonSchema, value: unknown): boolean {
  if (isOpen(schema)) return true;
  const type = jsonTypeOf(value);
  if (type === 'null') return allowsNull(schema);
  return branches(schema).some((b) => {
    const types = typesOf(b);
    if (b.enum && !b.enum.some((v) => v === value)) return false;
    if (type === 'integer' || type === 'number') {
      if (!(types.includes('number') || (type === 'integer' && types.includes('integer')))) return false;
      const n = value as number;
      const exclusiveMin = b.exclusiveMinimum === true ? b.minimum : b.exclusiveMinimum;
      if (typeof exclusiveMin === 'number' && n <= exclusiveMin) return false;
      if (b.exclusiveMinimum !== true && b.minimum !== undefined && n < b.minimum) return false;
      if (b.maximum !== undefined && n > b.maximum) return false;
      return true;
    }
    return types.includes(type);
  });
}

/** Whether some text without a pattern, format or enum fits (a name, a comment); else only certain text does. */
export const acceptsFreeText = (schema: JsonSchema | undefined) =>
  isOpen(schema) ||
  branches(schema ?? {}).some((b) => typesOf(b).includes('string') && !b.enum && !b.pattern && !b.format);

/** The longest text the schema allows, if it says. */
export function maxLengthOf(schema: JsonSchema | undefined): number | undefined {
  const lengths = branches(schema ?? {})
    .filter((b) => typesOf(b).includes('string'))
    .map((b) => b.maxLength);
  return lengths.length && lengths.every((n) => n !== undefined)
    ? Math.max(...(lengths as number[]))
    : undefined;
}
