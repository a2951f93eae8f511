/**
 * Thin composition roots (issue 32): a plugin's `index.ts` declares the plugin, builds its
 * services through one wiring function, mounts routes and subscribes; the wiring lives in
 * `wiring.ts`, event handlers with state in `subscribers/`, options in `options.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sources.js';

/** The most lines a plugin's `index.ts` may have. */
export const INDEX_MAX_LINES = 120;

/** Roots not thinned yet, each with the reason (none left since the library left the downloader). */
const NOT_YET: Readonly<Record<string, string>> = {};

const PLUGINS = readdirSync(join(ROOT, 'plugins')).filter((p) =>
  existsSync(join(ROOT, 'plugins', p, 'src', 'index.ts')),
);
const linesOf = (plugin: string) =>
  readFileSync(join(ROOT, 'plugins', plugin, 'src', 'index.ts'), 'utf8')
    .trimEnd()
    .split('\n').length;

describe('composition roots', () => {
  it.each(PLUGINS.filter((p) => !(p in NOT_YET)))(
    `plugins/%s/src/index.ts has at most ${INDEX_MAX_LINES} lines`,
    (p) => {
      expect(linesOf(p)).toBeLessThanOrEqual(INDEX_MAX_LINES);
    },
  );

  it('the exceptions still need to be exceptions (remove one once its root is thin)', () => {
    for (const p of Object.keys(NOT_YET)) {
      expect(PLUGINS, p).toContain(p);
      expect(linesOf(p), p).toBeGreaterThan(INDEX_MAX_LINES);
    }
  });
});
