import type { AppConfig } from '../config/index.js';
import { serviceRef } from './ref.js';

export interface ConfigChange {
  changedKeys: string[];
}

/** Read and change the configuration file (`CONFIG_DIR/config.json`). Provided by the core. */
export interface ConfigService {
  /** The effective configuration: the file plus runtime overrides (never persisted). */
  get(): Readonly<AppConfig>;
  /**
   * Validates a partial change against the schema, persists it atomically and publishes
   * `core.config.updated`. Service-internal: may set managed keys (credentials, ids).
   */
  update(patch: Partial<AppConfig> & Record<string, unknown>): Promise<Readonly<AppConfig>>;
  /** Keys whose effective value is forced at run time (e.g. by a managed platform). */
  overriddenKeys(): string[];
}

export const configServiceRef = serviceRef<ConfigService>('core.config');
