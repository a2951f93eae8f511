import type { TObject, TSchema } from '../typebox.js';

/**
 * How a config key is shown in Settings, declared beside its schema so that no UI code knows a
 * plugin's keys (`GET /api/config/schema` turns schema and annotations into the form):
 * - standard JSON Schema `title` (the label) and `description` (the help under the field);
 * - `x-group`: the sub-heading inside the plugin's section ("Subtitles");
 * - `x-unit`: what a number counts ("requests per minute"), shown after its range;
 * - `x-pattern-message`: what a value failing the schema's `pattern` is told, by the form while
 *   typing and by the server's 400 alike;
 * - `x-option-labels`: the words for an enum's values (`{ "1080": "1080p" }`);
 * - `x-multiline`: a long text, edited in a text area;
 * - `x-edited-in`: the key has its own page or card; Settings says where instead of a field.
 * A third-party plugin sets the same annotations in its schema options, or calls {@link presented}.
 */
export const GROUP = 'x-group';
export const UNIT = 'x-unit';
export const PATTERN_MESSAGE = 'x-pattern-message';
export const OPTION_LABELS = 'x-option-labels';
export const MULTILINE = 'x-multiline';
export const EDITED_IN = 'x-edited-in';

/** The schema keywords above, for a validator that refuses unknown keywords. */
export const PRESENTATION_KEYWORDS = [GROUP, UNIT, PATTERN_MESSAGE, OPTION_LABELS, MULTILINE, EDITED_IN] as const;

/** How one key is shown (each part optional). */
export interface KeyPresentation {
  title?: string;
  description?: string;
  group?: string;
  unit?: string;
  patternMessage?: string;
  optionLabels?: Readonly<Record<string, string>>;
  multiline?: boolean;
  editedIn?: string;
}

/** How a plugin's config section is shown: its heading and its keys, in the order they are listed. */
export interface ConfigPresentation {
  title: string;
  keys: Readonly<Record<string, KeyPresentation>>;
}

/**
 * A copy of `schema` with `extra` set. TypeBox keeps the kind of a schema in a property that is not
 * enumerable (`~kind`), which a spread would drop (and `Value.Create` would no longer know the
 * schema), so the copy takes every property descriptor.
 */
function copyWith<T extends object>(schema: T, extra: Record<string, unknown>): T {
  const copy = Object.create(
    Object.getPrototypeOf(schema) as object | null,
    Object.getOwnPropertyDescriptors(schema),
  ) as T;
  return Object.assign(copy, extra);
}

function annotate(schema: TSchema, p: KeyPresentation): TSchema {
  const out: Record<string, unknown> = {};
  if (p.title !== undefined) out['title'] = p.title;
  if (p.description !== undefined) out['description'] = p.description;
  if (p.group !== undefined) out[GROUP] = p.group;
  if (p.unit !== undefined) out[UNIT] = p.unit;
  if (p.patternMessage !== undefined) out[PATTERN_MESSAGE] = p.patternMessage;
  if (p.optionLabels !== undefined) out[OPTION_LABELS] = { ...p.optionLabels };
  if (p.multiline) out[MULTILINE] = true;
  if (p.editedIn !== undefined) out[EDITED_IN] = p.editedIn;
  return copyWith(schema, out);
}

/**
 * The section with each key's presentation merged into its schema and the section's title set.
 * Keys are ordered as the presentation lists them (the form's order), then the rest as declared.
 * Validation is unchanged: the annotations are not rules.
 */
export function presented<T extends TObject>(section: T, presentation: ConfigPresentation): T {
  const properties: Record<string, TSchema> = {};
  for (const [key, p] of Object.entries(presentation.keys)) {
    const schema = section.properties[key] as TSchema | undefined;
    if (!schema) throw new Error(`presentation of "${key}": the section declares no such key`);
    properties[key] = annotate(schema, p);
  }
  for (const [key, schema] of Object.entries(section.properties)) properties[key] ??= schema as TSchema;
  return copyWith(section, { title: presentation.title, properties });
}
