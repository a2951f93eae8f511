/**
 * A library wrapped by an adapter is imported by that adapter only, so replacing it (or its
 * version's quirks) touches one file: Bree runs the scheduler's worker threads, later is its cron
 * engine, @fastify/multipart reads uploaded files.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, packageName, ROOT, sourceFiles, where, type ImportRef } from './sources.js';

/** Package → the one file (relative to the repository) allowed to import it. */
const ADAPTERS: Record<string, string> = {
  bree: 'plugins/scheduler/src/services/bree-adapter.ts',
  '@breejs/later': 'plugins/scheduler/src/services/cron.ts',
  '@fastify/multipart': 'core/src/http/uploads.ts',
};

/** The adapter rule for one import; returns the problem or null. */
export function adapterProblem(ref: ImportRef, adapters: Record<string, string> = ADAPTERS): string | null {
  const adapter = adapters[packageName(ref.specifier)];
  if (adapter === undefined || relative(ROOT, ref.file) === adapter) return null;
  return `${where(ref)}: only ${adapter} may import it`;
}

describe('adapters', () => {
  const files = ['contracts/src', 'core/src', 'plugins', 'migrations', 'tests'].flatMap((dir) =>
    sourceFiles(join(ROOT, dir)),
  );

  it.each(Object.entries(ADAPTERS))('%s is imported by %s only', (pkg, adapter) => {
    const importers = files.filter((file) =>
      importsOf(readFileSync(file, 'utf8'), file).some((ref) => packageName(ref.specifier) === pkg),
    );
    expect(importers.map((file) => relative(ROOT, file))).toEqual([adapter]);
  });

  it('finds no import around an adapter', () => {
    const problems = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'), file).flatMap((ref) => adapterProblem(ref) ?? []),
    );
    expect(problems).toEqual([]);
  });
});

describe('the adapter checker itself', () => {
  const at = (path: string, specifier: string): ImportRef => ({ file: join(ROOT, path), line: 1, specifier });

  it.each([
    ['plugins/scheduler/src/services/bree-adapter.ts', 'bree', null],
    ['plugins/scheduler/src/services/cron.ts', '@breejs/later', null],
    ['plugins/scheduler/src/services/scheduler.ts', 'fastify', null],
    ['plugins/scheduler/src/services/scheduler.ts', 'bree', 'only plugins/scheduler/src/services/bree-adapter.ts'],
    ['plugins/other/src/index.ts', 'bree/src/job-utils.js', 'only plugins/scheduler/src/services/bree-adapter.ts'],
    ['plugins/scheduler/src/services/bree-adapter.ts', '@breejs/later', 'only plugins/scheduler/src/services/cron.ts'],
  ])('%s importing %s: %s', (path, specifier, problem) => {
    const found = adapterProblem(at(path, specifier));
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});
