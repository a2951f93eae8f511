/**
 * Response schemas as fast-json-stringify serializes them fastest. TypeBox writes a nullable field
 * (`Nullable(Type.String())`) as `anyOf: [{ type: 'string' }, { type: 'null' }]`; for an `anyOf`,
 * fast-json-stringify runs Ajv on every value to pick the branch (and a `date-time` format check on
 * every date), which was about a tenth of the CPU of a page of 50 channel videos. A union whose
 * branches are all primitive types is written as one multi-type schema
 * (`type: ['string', 'null']`) instead, which it serializes with a `typeof` check. The JSON is the
 * same for every value the schema allows. The OpenAPI document keeps the schemas as declared.
 */

type Schema = Record<string, unknown>;

const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean', 'null']);
/** Keywords that change how a value is written; a branch with one of them is not merged. */
const STRUCTURAL = ['properties', 'items', 'prefixItems', 'additionalProperties', 'patternProperties', '$ref', 'allOf'];

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The primitive types a schema allows, or null when it is not only primitive types. */
function primitiveTypes(schema: Schema): string[] | null {
  if (STRUCTURAL.some((k) => k in schema) || 'oneOf' in schema) return null;
  if (Array.isArray(schema.anyOf)) {
    if ('type' in schema) return null;
    const types: string[] = [];
    for (const branch of schema.anyOf) {
      const inner = isSchema(branch) ? primitiveTypes(branch) : null;
      if (!inner) return null;
      types.push(...inner);
    }
    return types;
  }
  return typeof schema.type === 'string' && PRIMITIVE.has(schema.type) ? [schema.type] : null;
}

/** The `format` of the union's string branches when they agree on one (`date-time` writes Dates as ISO text). */
function stringFormat(branches: unknown[]): string | undefined {
  const formats = new Set<unknown>();
  for (const b of branches) {
    if (!isSchema(b)) continue;
    if (Array.isArray(b.anyOf)) {
      const inner = stringFormat(b.anyOf);
      if (inner !== undefined) formats.add(inner);
    } else if (b.type === 'string') formats.add(b.format);
  }
  const [only] = formats;
  return formats.size === 1 && typeof only === 'string' ? only : undefined;
}

/** A copy of `schema` with every union of primitive types written as one multi-type schema. */
export function forSerialization<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s: unknown) => forSerialization(s)) as T;
  if (!isSchema(schema)) return schema;
  if (Array.isArray(schema.anyOf)) {
    const types = primitiveTypes(schema);
    if (types) {
      const { anyOf, ...rest } = schema;
      const format = stringFormat(anyOf);
      const unique = [...new Set(types)];
      return { ...rest, type: unique.length === 1 ? unique[0] : unique, ...(format ? { format } : {}) } as T;
    }
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` and `patternProperties` map names to schemas; every other key holds a schema,
    // a list of schemas, or a plain value (copied as it is).
    if ((key === 'properties' || key === 'patternProperties' || key === '$defs') && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forSerialization(v)]));
    } else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || key === 'required') {
      out[key] = value;
    } else {
      out[key] = forSerialization(value);
    }
  }
  return out as T;
}
