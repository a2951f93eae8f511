/** `GET /api/config/schema`: each running plugin's config keys as the Settings form shows them. */
import {
  EDITED_IN,
  GROUP,
  MULTILINE,
  OPTION_LABELS,
  PATTERN_MESSAGE,
  UNIT,
  isManaged,
  isSecret,
  type ConfigFieldDescription,
  type ConfigSchemaResponse,
  type TObject,
} from '@vidkeep/contracts';

interface KeySchema {
  type?: string;
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  maxItems?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: KeySchema[];
  items?: KeySchema;
  default?: unknown;
  [annotation: string]: unknown;
}

/** `apiRateLimitPerMinute` -> `Api rate limit per minute`: the label of a key without a title. */
const labelOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/** The values of an enum-like schema (`enum`, or a union of constants), or null. */
function choicesOf(schema: KeySchema): string[] | null {
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  if (schema.anyOf?.length && schema.anyOf.every((s) => s.const !== undefined))
    return schema.anyOf.map((s) => String(s.const));
  return null;
}

/** The schema without a `null` alternative, and whether it had one. */
function withoutNull(schema: KeySchema): { schema: KeySchema; nullable: boolean } {
  const rest = schema.anyOf?.filter((s) => s.type !== 'null');
  if (!rest || rest.length === schema.anyOf!.length) return { schema, nullable: false };
  return {
    schema: rest.length === 1 ? { ...schema, ...rest[0], anyOf: undefined } : { ...schema, anyOf: rest },
    nullable: true,
  };
}

/** One key as the form shows it, or null for a key a client never sees (`x-managed`). */
export function describeKey(key: string, declared: KeySchema): ConfigFieldDescription | null {
  if (isManaged(declared)) return null;
  const { schema, nullable } = withoutNull(declared);
  const labels = (declared[OPTION_LABELS] ?? {}) as Record<string, string>;
  const options = (values: string[]) => values.map((value) => ({ value, label: labels[value] ?? value }));
  const field: ConfigFieldDescription = { key, kind: 'string', label: declared.title ?? labelOf(key) };
  const choices = choicesOf(schema);
  const itemChoices = schema.type === 'array' && schema.items ? choicesOf(schema.items) : null;
  if (isSecret(declared)) field.kind = 'secret';
  else if (choices) {
    field.kind = 'enum';
    field.options = options(choices);
  } else if (itemChoices) {
    field.kind = 'multi';
    field.options = options(itemChoices);
  } else if (schema.type === 'array') field.kind = schema.items?.type === 'string' ? 'multi' : 'list';
  else if (schema.type === 'boolean' || schema.type === 'integer' || schema.type === 'number') field.kind = schema.type;
  const rule = (source: KeySchema) => {
    if (source.minimum !== undefined) field.min = source.minimum;
    if (source.maximum !== undefined) field.max = source.maximum;
    if (source.minLength !== undefined) field.minLength = source.minLength;
    if (source.maxLength !== undefined) field.maxLength = source.maxLength;
    if (source.pattern !== undefined) field.pattern = source.pattern;
  };
  rule(schema);
  if (schema.maxItems !== undefined) field.maxItems = schema.maxItems;
  const text = (name: string) => (typeof declared[name] === 'string' ? (declared[name] as string) : undefined);
  const extras: Partial<ConfigFieldDescription> = {
    description: declared.description,
    section: text(GROUP),
    unit: text(UNIT),
    patternHint: text(PATTERN_MESSAGE),
    elsewhere: text(EDITED_IN),
    multiline: declared[MULTILINE] === true ? true : undefined,
    nullable: nullable || undefined,
    default: field.kind === 'secret' ? undefined : declared.default,
  };
  for (const [name, value] of Object.entries(extras)) if (value !== undefined) Object.assign(field, { [name]: value });
  return field;
}

/** A plugin's (or the core's) config section, as declared. */
export interface DescribedSection {
  id: string;
  schema: TObject;
}

/**
 * Every loaded plugin's section (the core's first), each key described, with whether the plugin
 * runs now: Settings shows the running ones, a media-server card still knows its keys while its
 * plugin is switched off. Keys nobody may change are left out.
 */
export function describeConfig(
  sections: readonly DescribedSection[],
  isActive: (id: string) => boolean,
): ConfigSchemaResponse {
  return {
    plugins: sections
      .map((s) => ({
        id: s.id,
        label: (s.schema as { title?: string }).title ?? s.id,
        enabled: s.id === 'core' || isActive(s.id),
        fields: Object.entries(s.schema.properties).flatMap(([key, schema]) => {
          const field = describeKey(key, schema as KeySchema);
          return field ? [field] : [];
        }),
      }))
      .filter((s) => s.fields.length > 0),
  };
}
