/**
 * No import cycles anywhere: not inside a package, not between packages, type-only imports
 * included (a type cycle today is a runtime cycle after the next refactor). A cycle is reported
 * as the chain of files that closes it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, isRelative, readJson, resolveSourceFile, ROOT, sourceFiles } from './sources.js';

/** Workspace package specifiers (`@vidkeep/core/plugin-api`) to their source entry files. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  const folders = [
    'contracts',
    'core',
    'kit',
    'migrations',
    ...readdirSync(join(ROOT, 'libs')).map((p) => `libs/${p}`),
    ...readdirSync(join(ROOT, 'plugins')).map((p) => `plugins/${p}`),
  ];
  for (const folder of folders) {
    const file = join(ROOT, folder, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = readJson(file) as unknown as { name: string; exports?: Record<string, { source?: string }> };
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      if (target.source)
        entries.set(subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`, join(ROOT, folder, target.source));
    }
  }
  return entries;
}

type Graph = Map<string, string[]>;

function buildGraph(files: string[], packages: Map<string, string>): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
      const target = isRelative(ref.specifier) ? resolveSourceFile(file, ref.specifier) : packages.get(ref.specifier);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every cycle as one closed chain per strongly connected component (Tarjan). */
export function findCycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfLoop = (graph.get(v) ?? []).includes(v);
    if (component.length > 1 || selfLoop) cycles.push(chainThrough(graph, new Set(component), v));
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return cycles;
}

/** A path from `start` back to itself that stays inside one component. */
function chainThrough(graph: Graph, component: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const chain = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = previous.get(u)) chain.splice(1, 0, u);
        return [...chain, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

describe('import cycles', () => {
  it('there are none in contracts, core, kit, libs, plugins, migrations, tests and the UI', () => {
    const dirs = ['contracts/src', 'core/src', 'kit/src', 'libs', 'plugins', 'migrations', 'tests', 'ui/src'];
    const files = dirs
      .flatMap((d) => sourceFiles(join(ROOT, d)))
      .filter((f) => !f.includes('/fixtures/plugins/broken-'));
    expect(files.length).toBeGreaterThan(100);
    const cycles = findCycles(buildGraph(files, workspaceEntries()));
    expect(cycles.map((chain) => chain.map((f) => relative(ROOT, f)).join(' -> '))).toEqual([]);
  });

  it('sees package imports: contracts and core resolve to their sources', () => {
    const entries = workspaceEntries();
    expect(entries.get('@vidkeep/contracts')).toBe(join(ROOT, 'contracts/src/index.ts'));
    expect(entries.get('@vidkeep/core/plugin-api')).toBe(join(ROOT, 'core/src/plugin-api/index.ts'));
  });
});

describe('the cycle finder itself', () => {
  const graph = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));

  it('finds a two-file cycle and a longer one, as closed chains', () => {
    const cycles = findCycles(graph({ a: ['b'], b: ['a'], c: ['d'], d: ['e'], e: ['c'], f: ['a'] }));
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(expect.arrayContaining(['a', 'b']));
    const long = cycles.find((c) => c.includes('c'))!;
    expect(long[0]).toBe(long[long.length - 1]);
    expect(new Set(long)).toEqual(new Set(['c', 'd', 'e']));
  });

  it('finds a file importing itself', () => {
    expect(findCycles(graph({ a: ['a'] }))).toEqual([['a', 'a']]);
  });

  it('finds nothing in a tree, even with shared leaves', () => {
    expect(findCycles(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([]);
  });
});
