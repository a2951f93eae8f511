/** The configuration service: `CONFIG_DIR/config.json` loaded, checked, overridden and saved. */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  CoreEvents,
  Type,
  addressBinding,
  isManaged,
  isSecret,
  type AppConfig,
  type ConfigService,
  type EventBus,
  type PluginLogger,
  type TObject,
  type TSchema,
} from '@vidkeep/contracts';
import { check, defaultsOf } from '../validation/schema-validator.js';
import { writeFileAtomic } from '../fs-util.js';
import type { RuntimeEnvironment } from '../env.js';
import { ConfigFileError, ConfigValidationError } from './config-errors.js';

/**
 * A rule a plugin adds to one of its keys beyond what the schema can say (e.g. the custom yt-dlp
 * arguments the downloader would refuse at job start). Null when the value is fine, else what is
 * wrong with it in plain words.
 */
export type ConfigCheck = (value: unknown) => string | null | Promise<string | null>;

type Json = Record<string, unknown>;

function errorsOf(schema: TSchema, value: unknown, prefix: string) {
  return check(schema, value, { prefix }).issues;
}

/**
 * Owns `CONFIG_DIR/config.json`: creates it with defaults on first start, fills in keys added by
 * newer versions, validates every value, and writes changes atomically (mode 0600, because the
 * file holds the password hash and media-server tokens).
 */
export class FileConfigService implements ConfigService {
  private stored: Json = {};
  private effective: Readonly<AppConfig> = {} as AppConfig;
  private readonly overrides = new Map<string, unknown>();
  private readonly checks = new Map<string, ConfigCheck[]>();
  private writeChain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly env: RuntimeEnvironment,
    readonly schema: TObject,
    private readonly logger: PluginLogger,
    private readonly events?: EventBus,
  ) {}

  get path(): string {
    return this.env.paths.configFile;
  }

  /** Loads (or creates) the file. Unknown keys are kept; invalid values fall back to defaults. */
  async load(): Promise<void> {
    let text: string | undefined;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new ConfigFileError(this.path, (err as Error).message);
      }
    }
    const defaults = defaultsOf<Json>(this.schema);
    if (text === undefined) {
      this.stored = { ...defaults, uuid: randomUUID() };
      // MEDIASERVER_URL seeds the media-server URL when the file is first created (spec 1.2).
      if (this.env.mediaserverUrl) this.stored.mediaserverUrl = this.env.mediaserverUrl;
      await this.persist();
      this.logger.info({ path: this.path }, 'Created configuration file with defaults');
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        throw new ConfigFileError(this.path, `not valid JSON (${(err as Error).message}); fix or remove it`);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new ConfigFileError(this.path, 'must contain a JSON object');
      }
      const file = parsed as Json;
      const merged: Json = { ...file };
      let changed = false;
      for (const key of Object.keys(this.schema.properties)) {
        if (!(key in file)) {
          merged[key] = defaults[key];
          changed = true;
        }
      }
      // One validation of the keys that differ from their defaults (a key at its default is valid:
      // a test holds every default against its schema). A file seldom changes more than a few
      // keys, so this compiles a small schema, not all ~100 keys (~0.1 s of every start).
      // A key with an invalid value falls back to its default.
      const problems = new Map<string, string>();
      for (const issue of this.changedKeyIssues(merged, defaults)) {
        const key = issue.path.split('/')[1] ?? '';
        if (key in this.schema.properties && !problems.has(key)) problems.set(key, issue.message);
      }
      for (const [key, problem] of problems) {
        this.logger.warn(
          { key, problem },
          `Config key "${key}" has an invalid value; using the default until it is saved again`,
        );
        merged[key] = defaults[key];
      }
      if (!merged.uuid) {
        merged.uuid = randomUUID();
        changed = true;
      }
      this.stored = merged;
      if (changed) await this.persist();
    }
    this.refresh();
  }

  get(): Readonly<AppConfig> {
    return this.effective;
  }

  /** What is wrong with the keys whose value in `values` is not their default (none: no compile). */
  private changedKeyIssues(values: Json, defaults: Json) {
    const changed: Record<string, TSchema> = {};
    for (const [key, schema] of Object.entries(this.schema.properties)) {
      if (JSON.stringify(values[key]) !== JSON.stringify(defaults[key])) changed[key] = schema as TSchema;
    }
    return Object.keys(changed).length > 0 ? errorsOf(Type.Object(changed), values, '') : [];
  }

  /** Adds a rule to a key: every later client save that changes it must pass (after the schema). */
  addCheck(key: string, check: ConfigCheck): void {
    if (!(key in this.schema.properties)) throw new Error(`config key "${key}" is not declared`);
    this.checks.set(key, [...(this.checks.get(key) ?? []), check]);
  }

  /** Forces a key's effective value at run time without writing it (spec 1.2 managed platform). */
  setOverride(key: string, value: unknown): void {
    this.overrides.set(key, value);
    this.refresh();
  }

  overriddenKeys(): string[] {
    return [...this.overrides.keys()];
  }

  secretKeys(): string[] {
    return Object.entries(this.schema.properties)
      .filter(([, s]) => isSecret(s))
      .map(([k]) => k);
  }

  /** Keys a client may change through the save endpoint. */
  writableKeys(): string[] {
    return Object.entries(this.schema.properties)
      .filter(([, s]) => !isManaged(s))
      .map(([k]) => k);
  }

  /** Schema of the body of the save endpoint: any subset of the writable keys, nothing else. */
  writableSchema(): TObject {
    const props: Record<string, TSchema> = {};
    for (const key of this.writableKeys()) {
      // No `default` here: the body validator applies defaults, which would turn a PATCH of one
      // key into a reset of every key the client left out.
      const { default: _default, ...schema } = this.schema.properties[key] as TSchema & { default?: unknown };
      props[key] = schema as TSchema;
    }
    return Type.Object(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, Type.Optional(s)])), {
      additionalProperties: false,
      minProperties: 1,
    });
  }

  /** The configuration without any secret, for `GET /getconfig`. */
  publicView(): { values: Json; configuredSecrets: string[] } {
    const effective = this.effective as unknown as Json;
    const secrets = new Set(this.secretKeys());
    const values: Json = {};
    for (const key of Object.keys(this.schema.properties)) if (!secrets.has(key)) values[key] = effective[key];
    // An empty list (`appriseUrls: []`) is "not set" like an empty string.
    const configuredSecrets = [...secrets].filter(
      (k) =>
        effective[k] !== '' &&
        effective[k] !== null &&
        effective[k] !== undefined &&
        !(Array.isArray(effective[k]) && effective[k].length === 0),
    );
    return { values, configuredSecrets };
  }

  /**
   * Client-facing save: only writable keys; a key forced by the environment may be sent only
   * with its current value (so a form that posts every field still works).
   */
  async save(patch: Json): Promise<Readonly<AppConfig>> {
    const details: { path: string; message: string }[] = [];
    const writable = new Set(this.writableKeys());
    const effective = this.effective as unknown as Json;
    const toWrite: Json = {};
    for (const [key, value] of Object.entries(patch)) {
      if (!writable.has(key)) {
        details.push({ path: key, message: 'is not a configuration key that can be changed' });
      } else if (this.overrides.has(key)) {
        if (JSON.stringify(value) !== JSON.stringify(effective[key])) {
          details.push({ path: key, message: 'is set by the environment and is read-only' });
        }
      } else {
        toWrite[key] = value;
      }
    }
    if (details.length > 0) throw new ConfigValidationError(details);
    // The plugins' own rules, on keys the save changes to a value their schema accepts (a rule may
    // be a tool's dry run, so unchanged keys are not checked again).
    for (const [key, value] of Object.entries(toWrite)) {
      const checks = this.checks.get(key);
      const propSchema = this.schema.properties[key] as TSchema | undefined;
      if (!checks || !propSchema || JSON.stringify(value) === JSON.stringify(this.stored[key])) continue;
      if (errorsOf(propSchema, value, key).length > 0) continue;
      for (const check of checks) {
        const problem = await check(value);
        if (problem) details.push({ path: key, message: problem });
      }
    }
    if (details.length > 0) throw new ConfigValidationError(details);
    return this.update({ ...toWrite, ...this.secretsLeftBehind(toWrite) });
  }

  /**
   * The secrets a save clears: those sent only to an address (`x-sent-to`) whose address keys it
   * changes without giving the secret again. A key saved for one server never follows a changed
   * URL to another host (issue 31).
   */
  private secretsLeftBehind(toWrite: Json): Json {
    const cleared: Json = {};
    const effective = this.effective as unknown as Json;
    for (const [key, schema] of Object.entries(this.schema.properties)) {
      const binding = addressBinding(schema);
      if (!binding || key in toWrite || this.overrides.has(key)) continue;
      const moved = binding.addressKeys.some(
        (k) => k in toWrite && JSON.stringify(toWrite[k]) !== JSON.stringify(effective[k]),
      );
      const value = this.stored[key];
      if (moved && value !== '' && value !== undefined && !binding.keeps.includes(value as string)) cleared[key] = '';
    }
    return cleared;
  }

  update(patch: Json): Promise<Readonly<AppConfig>> {
    const run = async () => {
      const details: { path: string; message: string }[] = [];
      for (const [key, value] of Object.entries(patch)) {
        const propSchema = this.schema.properties[key] as TSchema | undefined;
        if (propSchema === undefined) details.push({ path: key, message: 'unknown configuration key' });
        else {
          details.push(...errorsOf(propSchema, value, key));
        }
      }
      if (details.length > 0) throw new ConfigValidationError(details);
      const changedKeys = Object.keys(patch).filter((k) => JSON.stringify(this.stored[k]) !== JSON.stringify(patch[k]));
      if (changedKeys.length === 0) return this.effective;
      const next = { ...this.stored, ...patch };
      const previous = this.stored;
      this.stored = next;
      try {
        await this.persist();
      } catch (err) {
        this.stored = previous;
        throw err;
      }
      this.refresh();
      this.events?.publish(CoreEvents.configUpdated, { changedKeys });
      return this.effective;
    };
    const result = this.writeChain.then(run, run);
    this.writeChain = result.catch(() => undefined);
    return result;
  }

  private refresh(): void {
    const effective: Json = { ...this.stored };
    for (const [k, v] of this.overrides) effective[k] = v;
    this.effective = Object.freeze(effective) as unknown as AppConfig;
  }

  private persist(): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify(this.stored, null, 2)}\n`, 0o600);
  }
}
