import { Type, type Static } from '../typebox.js';

export const ConfigFieldOption = Type.Object({ value: Type.String(), label: Type.String() });
export type ConfigFieldOption = Static<typeof ConfigFieldOption>;

/**
 * One config key as Settings shows it, derived from its schema and its presentation annotations
 * (`x-group`, `x-unit`, ...): the control, the label and help, the rules the form checks while
 * typing (the same the server checks on save) and where it is edited when not in the form.
 */
export const ConfigFieldDescription = Type.Object({
  key: Type.String(),
  kind: Type.Union([
    Type.Literal('boolean'),
    Type.Literal('enum'),
    Type.Literal('multi'),
    Type.Literal('integer'),
    Type.Literal('number'),
    Type.Literal('string'),
    Type.Literal('secret'),
    Type.Literal('list'),
  ]),
  label: Type.String(),
  description: Type.Optional(Type.String()),
  /** The sub-heading inside the plugin's section. */
  section: Type.Optional(Type.String()),
  unit: Type.Optional(Type.String()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  minLength: Type.Optional(Type.Integer()),
  maxLength: Type.Optional(Type.Integer()),
  pattern: Type.Optional(Type.String()),
  /** What a value failing `pattern` is told (the server's 400 says the same). */
  patternHint: Type.Optional(Type.String()),
  options: Type.Optional(Type.Array(ConfigFieldOption)),
  maxItems: Type.Optional(Type.Integer()),
  /** The key also takes null (a strategy switched off). */
  nullable: Type.Optional(Type.Boolean()),
  multiline: Type.Optional(Type.Boolean()),
  /** Edited on its own page or card, not in the form: where. */
  elsewhere: Type.Optional(Type.String()),
  default: Type.Optional(Type.Unknown()),
});
export type ConfigFieldDescription = Static<typeof ConfigFieldDescription>;

/** `GET /api/config/schema`: every running plugin's keys (the core's first), in manifest order. */
export const ConfigSchemaResponse = Type.Object({
  plugins: Type.Array(
    Type.Object({
      /** `core` or the plugin's id. */
      id: Type.String(),
      /** The section's heading. */
      label: Type.String(),
      /** The plugin runs now (false: switched off at run time; Settings leaves it out). */
      enabled: Type.Boolean(),
      fields: Type.Array(ConfigFieldDescription),
    }),
  ),
});
export type ConfigSchemaResponse = Static<typeof ConfigSchemaResponse>;
