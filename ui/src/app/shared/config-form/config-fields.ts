import type { ConfigSchemaResponse } from '@vidkeep/contracts';
import type { ConfigFieldMeta } from './config-field-meta';
import type { GetConfigResponse } from './contracts';

/**
 * The settings form's picture of the config: the keys each running plugin declares
 * (`GET /api/config/schema`, see `ConfigSchema`) with their values on this server
 * (`GET /getconfig`). No key is listed here: a plugin's settings need no UI code.
 */

export type { ConfigFieldMeta, FieldKind, FieldOption } from './config-field-meta';

/** `GET /getconfig`: the typed extras plus every non-secret key. */
export type ConfigView = GetConfigResponse & { [key: string]: unknown };

/** A field as the form shows it: the metadata plus its state on this server. */
export interface ConfigField extends ConfigFieldMeta {
  /** The current value (undefined for secrets, which are never returned). */
  value: unknown;
  /** Why the field cannot be changed here, or null when it can. */
  readOnly: string | null;
  /** For secrets: whether a value is stored. */
  secretSet: boolean;
}

export interface ConfigSectionGroup {
  title: string | null;
  fields: ConfigField[];
}

export interface ConfigGroup {
  /** `core` or the plugin's id. */
  owner: string;
  label: string;
  sections: ConfigSectionGroup[];
  /** Keys of this owner that are edited elsewhere, with the reason. */
  notes: string[];
}

/** `meta` as the form shows it on this server (secrets are never returned: only whether one is set). */
export function configField(meta: ConfigFieldMeta, view: ConfigView): ConfigField {
  const secret = meta.kind === 'secret';
  return {
    ...meta,
    value: secret ? undefined : view[meta.key],
    readOnly: readOnlyReason(meta.key, view),
    secretSet: secret && (view.configuredSecrets ?? []).includes(meta.key),
  };
}

/** Why `key` is read-only on this server (spec 1.2 and `readOnlyKeys`), or null. */
export function readOnlyReason(key: string, view: ConfigView): string | null {
  const managed = view.isPlatformManaged;
  const platform = view.deploymentEnvironment?.platform;
  if (key === 'mediaserverUrl' && managed?.mediaserverUrl)
    return 'Set by the MEDIASERVER_URL environment variable, which takes precedence.';
  if ((key === 'useTmpForDownloads' || key === 'tmpFilePath') && managed?.useTmpForDownloads) {
    return `Managed by the hosting platform${platform ? ` (${platform})` : ''}: downloads are always staged in its temporary directory.`;
  }
  if (view.readOnlyKeys?.includes(key)) return 'Forced by the server’s environment; change it there.';
  return null;
}

/** Why the output directory is what it is (it is never editable here). */
export function outputDirectoryNote(view: ConfigView): string {
  return view.isPlatformManaged?.sourceOutputDirectory
    ? 'Managed by the platform through DATA_PATH.'
    : 'Set by SOURCE_OUTPUT_DIR (default ./data) in the server environment.';
}

/**
 * The form's groups, one per running plugin (switched-off ones are left out) in the server's order: its keys present on this
 * server, grouped by their sub-heading. Keys edited elsewhere become a note of where, and lists of
 * objects (edited by their own page) are left out.
 */
export function buildConfigGroups(plugins: ConfigSchemaResponse['plugins'], view: ConfigView): ConfigGroup[] {
  const secrets = new Set(view.configuredSecrets ?? []);
  return plugins
    .filter((plugin) => plugin.enabled)
    .map((plugin) => {
      const sections: ConfigSectionGroup[] = [];
      const notes: string[] = [];
      // The view holds every non-secret key of the plugins this server loaded.
      const loaded = plugin.fields.some((f) => f.kind !== 'secret' && f.key in view);
      for (const declared of plugin.fields) {
        const meta: ConfigFieldMeta = { ...declared, owner: plugin.id };
        if (!(meta.key in view) && !secrets.has(meta.key) && !(meta.kind === 'secret' && loaded)) continue;
        if (meta.elsewhere) {
          if (!notes.includes(meta.elsewhere)) notes.push(meta.elsewhere);
          continue;
        }
        if (meta.kind === 'list') continue;
        const field = configField(meta, view);
        const title = field.section ?? null;
        const last = sections[sections.length - 1];
        if (last && last.title === title) last.fields.push(field);
        else sections.push({ title, fields: [field] });
      }
      return { owner: plugin.id, label: plugin.label, sections, notes };
    })
    .filter((g) => g.sections.length > 0 || g.notes.length > 0);
}

/** The hint under a number field: "1–1000 requests per minute". */
export function rangeHint(meta: Pick<ConfigFieldMeta, 'min' | 'max' | 'unit'>): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  const range =
    meta.min !== undefined && meta.max !== undefined
      ? `${fmt(meta.min)}–${fmt(meta.max)}`
      : meta.min !== undefined
        ? `at least ${fmt(meta.min)}`
        : meta.max !== undefined
          ? `at most ${fmt(meta.max)}`
          : '';
  return [range, meta.unit].filter(Boolean).join(' ');
}
