import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLUGIN_API_VERSION } from '@vidkeep/core/plugin-api';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { apiReport, KIT_DIR, REPORT_PATH } from '../scripts/api-report.js';
import { GUIDE_PATH, schemaText, withCatalogue } from '../scripts/events-catalogue.js';
import * as kit from './index.js';

describe('@vidkeep/plugin-kit', () => {
  it('exports exactly what kit/api-report.md lists (run `npm run kit:api-report` and review the diff)', () => {
    expect(apiReport()).toBe(readFileSync(REPORT_PATH, 'utf8'));
  }, 60_000);

  it('docs/writing-plugins.md lists every event of the contracts (run `npm run docs:events`)', () => {
    const guide = readFileSync(GUIDE_PATH, 'utf8');
    expect(guide).toBe(withCatalogue(guide));
    for (const name of Object.keys(kit.EVENT_CATALOGUE)) expect(guide).toContain(`**\`${name}\`**`);
  });

  it('writes payloads in plain words', () => {
    const payload = kit.Type.Object({
      ids: kit.Type.Array(kit.Type.Integer()),
      at: kit.Type.Union([kit.Type.String({ format: 'date-time' }), kit.Type.Null()]),
      kind: kit.Type.Optional(kit.Type.Union([kit.Type.Literal('a'), kit.Type.Literal('b')])),
    });
    expect(schemaText(payload)).toBe('{ ids: integer[], at: string (date-time) | null, kind?: "a" | "b" }');
  });

  it("has the plugin API's version, the one a plugin's core range is checked against", () => {
    const pkg = JSON.parse(readFileSync(join(KIT_DIR, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(PLUGIN_API_VERSION);
    expect(kit.PLUGIN_API_VERSION).toBe(PLUGIN_API_VERSION);
    expect(semver.valid(PLUGIN_API_VERSION)).toBe(PLUGIN_API_VERSION);
    expect(semver.satisfies(PLUGIN_API_VERSION, '^1.0.0')).toBe(true);
  });

  it("shares the core's classes: an error thrown with the kit is the core's error", async () => {
    const contracts = await import('@vidkeep/contracts');
    const core = await import('@vidkeep/core/plugin-api');
    expect(kit.NotFoundError).toBe(contracts.NotFoundError);
    expect(kit.HttpError).toBe(core.HttpError);
    expect(
      core.isPluginDefinition(kit.definePlugin({ id: 'x', version: '1.0.0', core: '^1.0.0', register() {} })),
    ).toBe(true);
  });
});
