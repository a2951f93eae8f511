import { TestBed } from '@angular/core/testing';
import type { ConfigFieldMeta } from '../app/shared/config-form/config-field-meta';
import { ConfigSchema } from '../app/shared/config-form/config-schema';
import { FakeApi } from './fake-api';
import type { ConfigSchemaResponse } from '@vidkeep/contracts';
import answer from './fixtures/config-schema.json';

/** `GET /api/config/schema` on a default install (every built-in plugin on), captured by `npm run contracts:routes`. */
export const CONFIG_SCHEMA = answer as ConfigSchemaResponse;

/** A key as a default install declares it (`GET /api/config/schema`, captured from the server). */
export function metaOf(key: string): ConfigFieldMeta {
  for (const plugin of CONFIG_SCHEMA.plugins) {
    const field = plugin.fields.find((f) => f.key === key);
    if (field) return { ...field, owner: plugin.id };
  }
  throw new Error(`no plugin declares the config key ${key}`);
}

/** Answers `GET /api/config/schema` with the default install's (or `answer`). */
export function serveConfigSchema(api: FakeApi, answer = CONFIG_SCHEMA): void {
  api.on('GET', '/api/config/schema', () => answer);
}

/** The root `ConfigSchema`, loaded from the fake server (needs `provideFakeApi()`). */
export async function loadedConfigSchema(): Promise<ConfigSchema> {
  const api = TestBed.inject(FakeApi);
  serveConfigSchema(api);
  const schema = TestBed.inject(ConfigSchema);
  const loaded = schema.ensure();
  api.answer();
  await loaded;
  return schema;
}
