/**
 * Dependencies point one way (issue 32): the graph of who needs whom, built from a booted app with
 * every built-in plugin, has no cycle. A plugin needs the plugins it depends on (`dependsOn`,
 * `optionalDependsOn`), the provider of every single service it consumes, and the owner of every
 * extension point it contributes to (the plugin that consumes the point), as a Backstage module
 * needs the plugin it extends. A lazy `tryResolve` of a service whose provider depends back is a
 * cycle too, hidden until now.
 */
import type { AnyServiceRef, MultiServiceRef, ServiceRef } from '@vidkeep/contracts';
import type { PluginDefinition } from '@vidkeep/core/plugin-api';
import { buildTestApp, type TestApp } from '@vidkeep/core/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './sources.js';

type Graph = Map<string, Set<string>>;

/** Every cycle of the graph as a path `a -> b -> ... -> a` (one per strongly connected loop found by DFS). */
export function cyclesOf(graph: Graph): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

describe('cyclesOf', () => {
  it('finds a cycle and names its path; none in a chain', () => {
    const g = (edges: [string, string][]): Graph => {
      const graph: Graph = new Map();
      for (const [a, b] of edges) {
        if (!graph.has(a)) graph.set(a, new Set());
        graph.get(a)!.add(b);
      }
      return graph;
    };
    expect(
      cyclesOf(
        g([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toEqual(['a -> b -> c -> a']);
    expect(
      cyclesOf(
        g([
          ['a', 'b'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('the service graph of the built-in plugins', () => {
  let t: TestApp;
  const graph: Graph = new Map();
  const edge = (from: string, to: string | undefined) => {
    if (!to || to === 'core' || to === from) return;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  };

  beforeAll(async () => {
    // Every plugin but the scheduler, whose start needs the built worker files (the lint runs this
    // before the build); it depends on no plugin, and those that use it only optionally.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'plugin-manifest.json'), 'utf8')) as {
      plugins: { id: string; enabled?: boolean }[];
    };
    for (const p of manifest.plugins) if (p.id === 'scheduler') p.enabled = false;
    t = await buildTestApp({ manifest });
    const { services, plugins } = t.app.vidkeep;
    for (const { id } of plugins) {
      const def = ((await import(`@vidkeep/plugin-${id}`)) as { default: PluginDefinition }).default;
      for (const dep of [...(def.dependsOn ?? []), ...(def.optionalDependsOn ?? [])]) edge(id, dep);
      const refs: AnyServiceRef[] = [...(def.consumes ?? []), ...(def.optionalConsumes ?? [])];
      for (const ref of refs) {
        if (ref.multi) {
          // Contributors need the point's owner, the consumer.
          for (const contributor of services.contributorsOf(ref as MultiServiceRef<unknown>)) edge(contributor, id);
        } else edge(id, services.providerOf(ref as ServiceRef<unknown>));
      }
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is built from every plugin', () => {
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['channels', 'playlists', 'plex', 'watch-status']));
    // The downloader's extension points: channels contributes, so channels needs the downloader.
    expect([...graph.get('channels')!]).toContain('downloader');
    // The library's extension points: the downloader contributes what is downloading.
    expect([...graph.get('downloader')!]).toContain('library');
    expect([...(graph.get('library') ?? [])]).not.toContain('downloader');
  });

  it('has no cycle', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('the library and the watch-status plugin depend one way: the library contributes its files', () => {
    // The watched-state copy reads the watch-status service; the files to match come through the
    // watch-status plugin's own extension point, so the watch-status plugin needs no library.
    expect([...(graph.get('library') ?? [])]).toContain('watch-status');
    expect([...(graph.get('watch-status') ?? [])]).not.toContain('library');
  });
});
