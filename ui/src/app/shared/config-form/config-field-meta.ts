import type { ConfigFieldDescription, ConfigFieldOption } from '@vidkeep/contracts';

/**
 * What the settings forms know of one config key: what the server declares of it
 * (`GET /api/config/schema`: control type, label, help, the schema rules the form checks before
 * saving, where else it is edited) plus the plugin that owns it.
 */
export type FieldKind = ConfigFieldDescription['kind'];
export type FieldOption = ConfigFieldOption;

export interface ConfigFieldMeta extends ConfigFieldDescription {
  /** `core` or the id of the plugin whose key it is. */
  owner: string;
  /** For a list of objects: what is wrong with one entry, or null (set by the page that edits it). */
  entryRule?: (entry: unknown) => string | null;
}
