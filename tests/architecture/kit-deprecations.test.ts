/**
 * The kit keeps names it replaced for plugins built against an older plugin API (docs/writing-plugins.md,
 * "Stability"); vidkeep's own code (plugins, libs, the plugin template) uses the replacements, so
 * that removing the deprecated names in the next major version breaks only what it should.
 * The deprecated names are those `kit/api-report.md` marks (`/** @deprecated *\/`), which a kit test
 * keeps equal to the sources.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './sources.js';

const KIT = '@vidkeep/plugin-kit';
const FIRST_PARTY = ['plugins', 'libs', 'templates'];

/** The names of the kit's main entry that the API report marks deprecated. */
export function deprecatedKitNames(report: string): Set<string> {
  const main = report.split(/^## /m).find((section) => section.startsWith(`${KIT}\n`)) ?? '';
  const names = new Set<string>();
  const lines = main.split('\n');
  lines.forEach((line, i) => {
    if (line !== '/** @deprecated */') return;
    const name = /^(?:class|interface|type|const|function|export) (\w+)/.exec(lines[i + 1] ?? '')?.[1];
    if (name) names.add(name);
  });
  return names;
}

/** The names a source imports (or re-exports) from the kit's main entry, with their lines. */
export function kitNamesOf(source: string): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  const pattern = /\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@vidkeep\/plugin-kit['"]/g;
  for (const match of source.matchAll(pattern)) {
    const line = source.slice(0, match.index).split('\n').length;
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) out.push({ name, line });
    }
  }
  return out;
}

describe('first-party code and the deprecated names of the kit', () => {
  const deprecated = deprecatedKitNames(readFileSync(join(ROOT, 'kit', 'api-report.md'), 'utf8'));

  it('finds the deprecated names in the API report', () => {
    expect([...deprecated]).toEqual(expect.arrayContaining(['EntitySchema', 'BigIntType', 'EntityManager']));
  });

  it('plugins/, libs/ and templates/ import no deprecated name from the kit', () => {
    const problems: string[] = [];
    for (const dir of FIRST_PARTY) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        for (const { name, line } of kitNamesOf(readFileSync(file, 'utf8'))) {
          if (deprecated.has(name))
            problems.push(`${relative(ROOT, file)}:${line} imports ${name}, deprecated in ${KIT}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the rule sees type imports, multi-line lists and aliases', () => {
    const source = `import { definePlugin } from '@vidkeep/contracts';\nimport {\n  defineEntity,\n  type EntityManager as Em,\n  EntitySchema,\n} from '${KIT}';`;
    expect(kitNamesOf(source).filter(({ name }) => deprecated.has(name))).toEqual([
      { name: 'EntityManager', line: 2 },
      { name: 'EntitySchema', line: 2 },
    ]);
  });
});
