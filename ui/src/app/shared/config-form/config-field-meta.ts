/**
 * What the settings forms know of one config key: owner, control type and the schema rules the
 * form checks before saving (the table of every key is `CONFIG_FIELDS` in `config-fields.ts`).
 */

export type ConfigOwner =
  | 'core'
  | 'auth'
  | 'downloader'
  | 'scheduler'
  | 'channels'
  | 'plex'
  | 'jellyfin'
  | 'emby'
  | 'watch-status'
  | 'retention'
  | 'notifications'
  | 'other';
export type FieldKind = 'boolean' | 'enum' | 'multi' | 'integer' | 'number' | 'string' | 'secret';

export interface FieldOption {
  value: string;
  label: string;
}

export interface ConfigFieldMeta {
  key: string;
  owner: ConfigOwner;
  label: string;
  kind: FieldKind;
  description?: string;
  /** Sub-heading inside the owner's group. */
  section?: string;
  /** Unit shown after the range hint ("requests per minute"). */
  unit?: string;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  /** The schema's pattern (checked client-side) and what to say when it does not match. */
  pattern?: string;
  patternHint?: string;
  options?: readonly FieldOption[];
  maxItems?: number;
  /** The schema also allows null (a strategy switched off); the rules above apply to the other values. */
  nullable?: boolean;
  /** A long value: shown as a textarea. */
  multiline?: boolean;
  /** Maintained by the service: never shown, never sent. */
  managed?: boolean;
  /** Not a form field: edited elsewhere (the reason is shown in its group). */
  elsewhere?: string;
  /** For a list of objects: what is wrong with one entry, or null. */
  entryRule?: (entry: unknown) => string | null;
}
