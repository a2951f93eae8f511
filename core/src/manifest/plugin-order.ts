/** The order plugins register in: every dependency before its dependants. */
import type { PluginDefinition } from '../plugin-api/definition.js';
import { BootErrorCodes, PluginBootError } from './boot-error.js';

/** Orders plugins so every dependency registers first; manifest order breaks ties. */
export function orderPlugins<P extends { definition: PluginDefinition }>(plugins: P[], disabled: Set<string>): P[] {
  const byId = new Map(plugins.map((p) => [p.definition.id, p]));
  for (const p of plugins) {
    for (const dep of p.definition.dependsOn ?? []) {
      if (!byId.has(dep)) {
        throw new PluginBootError(
          BootErrorCodes.dependencyMissing,
          p.definition.id,
          disabled.has(dep)
            ? `depends on "${dep}", which is disabled in the manifest`
            : `depends on "${dep}", which is not in the manifest`,
        );
      }
    }
  }
  const ordered: P[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: P, path: string[]) => {
    const id = p.definition.id;
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(id)), id];
      throw new PluginBootError(BootErrorCodes.dependencyCycle, id, `circular dependency: ${cycle.join(' -> ')}`);
    }
    state.set(id, 'visiting');
    const deps = [...(p.definition.dependsOn ?? []), ...(p.definition.optionalDependsOn ?? [])];
    for (const dep of deps) {
      const target = byId.get(dep);
      if (target) visit(target, [...path, id]);
    }
    state.set(id, 'done');
    ordered.push(p);
  };
  for (const p of plugins) visit(p, []);
  return ordered;
}
