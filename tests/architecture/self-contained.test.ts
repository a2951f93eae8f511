/**
 * The repository stands on its own: a clone on another machine has no sibling folders and no
 * developer's home, so no tracked file may point at a path outside the clone (a `../shared`
 * reference document, a machine path in a comment). Facts from outside are copied into `docs/`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sources.js';

/**
 * Where a line points outside the repository, or null: a machine path, or a relative path to a
 * `shared/` folder that does not resolve to an existing place inside the clone (`inClone` answers
 * for a relative path; without it every relative `shared/` path counts).
 */
export function outsideReference(line: string, inClone: (relative: string) => boolean = () => false): string | null {
  const machine = /(?:^|[\s`'"(])(\/work\/|\/root\/|\/home\/[\w.-]+\/)/.exec(line);
  if (machine) return machine[1]!;
  for (const m of line.matchAll(/(?:^|[\s`'"(])((?:\.\.\/)+shared\/[\w./-]*)/g)) {
    if (!inClone(m[1]!)) return m[1]!.replace(/shared\/.*$/, 'shared/');
  }
  return null;
}

const TEXT = /\.(?:[cm]?[jt]sx?|json|md|html|css|scss|ya?ml|py|sh|mjs)$|^\.ci\/run$/;
// This file names the patterns it looks for; the lock file only holds registry addresses.
const SKIP = new Set(['tests/architecture/self-contained.test.ts', 'package-lock.json']);

describe('outsideReference', () => {
  it.each([
    ['see `../shared/reference/x.md`', '../shared/'],
    ['(../../shared/spec.md)', '../../shared/'],
    ['// docs: /work/shared/reference/a.md', '/work/'],
    ['cd /root/project', '/root/'],
    ['"/home/dev/notes"', '/home/dev/'],
  ])('finds %s', (line, found) => {
    expect(outsideReference(line)).toBe(found);
  });
  it.each(['executablePath: /usr/bin/chromium', 'ui/src/app/shared/list-controls.ts', 'https://example.com/work/x'])(
    'ignores %s',
    (line) => {
      expect(outsideReference(line)).toBeNull();
    },
  );
});

describe('relative shared/ paths', () => {
  it('count only when they leave the clone or lead nowhere', () => {
    const line = "styleUrls: ['../../shared/avatar.css']";
    expect(outsideReference(line, (rel) => rel === '../../shared/avatar.css')).toBeNull();
    expect(outsideReference(line, () => false)).toBe('../../shared/');
  });
});

describe('repository files', () => {
  it('point at nothing outside the clone', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && TEXT.test(f) && !SKIP.has(f));
    const problems: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      const inClone = (rel: string) => {
        const target = resolve(dirname(join(ROOT, file)), rel);
        return target.startsWith(ROOT) && existsSync(target);
      };
      text.split('\n').forEach((line, i) => {
        // Module imports (the UI's own `../../shared/` folder) are checked by imports.test.ts.
        if (/from\s+['"]|import\(/.test(line)) return;
        const found = outsideReference(line, inClone);
        if (found) problems.push(`${file}:${i + 1} refers to ${found}`);
      });
    }
    expect(problems).toEqual([]);
  });
});
