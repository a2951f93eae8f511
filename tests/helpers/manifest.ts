import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process.js';

interface Entry {
  id: string;
  package: string;
  enabled?: boolean;
  options?: Record<string, unknown>;
}

/** Where fixture plugins live; relative packages of `withFixturePlugins` resolve from here. */
export const FIXTURE_MANIFEST_PATH = join(REPO_ROOT, 'tests', 'fixtures', 'plugins', 'plugin-manifest.json');

/** Fixture plugins that stand in for a built-in one (same service): the built-in one is left out. */
const STANDS_IN_FOR: Record<string, string> = { 'fx-watch-status': 'watch-status' };

/** The repository's manifest plus fixture plugins (by id, from tests/fixtures/plugins). */
export function withFixturePlugins(...ids: string[]): { manifest: unknown; manifestPath: string } {
  const base = JSON.parse(readFileSync(join(REPO_ROOT, 'plugin-manifest.json'), 'utf8')) as {
    version: number;
    plugins: Entry[];
  };
  return {
    manifest: {
      ...base,
      plugins: [
        ...base.plugins.filter((p) => !ids.some((id) => STANDS_IN_FOR[id] === p.id)),
        ...ids.map((id) => ({ id, package: `./${id}.ts`, enabled: true })),
      ],
    },
    manifestPath: FIXTURE_MANIFEST_PATH,
  };
}

/** The repository's manifest with some built-in plugins switched off (e.g. no watch-status service at all). */
export function withPluginsOff(...ids: string[]): { manifest: unknown; manifestPath: string } {
  const { manifest, manifestPath } = withFixturePlugins();
  const m = manifest as { plugins: Entry[] };
  return {
    manifest: { ...m, plugins: m.plugins.map((e) => (ids.includes(e.id) ? { ...e, enabled: false } : e)) },
    manifestPath,
  };
}

/** The repository's manifest with the options of some built-in plugins replaced (short waits for tests). */
export function withPluginOptions(options: Record<string, Record<string, unknown>>): {
  manifest: unknown;
  manifestPath: string;
} {
  const { manifest, manifestPath } = withFixturePlugins();
  const m = manifest as { plugins: Entry[] };
  return {
    manifest: { ...m, plugins: m.plugins.map((e) => (e.id in options ? { ...e, options: options[e.id] } : e)) },
    manifestPath,
  };
}
