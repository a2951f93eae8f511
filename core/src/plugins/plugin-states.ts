import {
  ConflictError,
  CoreErrorCodes,
  CoreEvents,
  NotFoundError,
  type EventBus,
  type PluginLogger,
  type PluginStates,
} from '@vidkeep/contracts';
import type { FileConfigService } from '../config/config-service.js';
import type { ServiceRegistry } from '../di/container.js';
import type { LoadedPlugin } from '../manifest/load-manifest.js';

/**
 * Which loaded plugins are switched on. Only plugins that declare themselves `toggleable` can be
 * switched at run time; the switched-off ones are kept in the core config key `pluginsDisabled`
 * (written atomically with the rest of the config), so a restart keeps them off. Switching
 * changes the DI registry's extension points at once and publishes `core.plugin.toggled`.
 */
export class CorePluginStates implements PluginStates {
  private readonly off = new Set<string>();
  private readonly listeners = new Set<(pluginId: string, active: boolean) => void>();
  private readonly byId: Map<string, LoadedPlugin>;

  constructor(
    plugins: LoadedPlugin[],
    private readonly deps: {
      config: FileConfigService;
      services: ServiceRegistry;
      events: EventBus;
      logger: PluginLogger;
    },
  ) {
    this.byId = new Map(plugins.map((p) => [p.definition.id, p]));
    for (const id of deps.config.get().pluginsDisabled ?? []) {
      const plugin = this.byId.get(id);
      if (plugin?.definition.toggleable) this.switchOff(id);
      else if (plugin)
        deps.logger.warn({ plugin: id }, 'Ignoring a stored switch-off of a plugin that cannot be switched');
    }
  }

  isActive(pluginId: string): boolean {
    return this.byId.has(pluginId) && !this.off.has(pluginId);
  }

  onChange(listener: (pluginId: string, active: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Active plugins that need `pluginId` (they list it in dependsOn). */
  dependents(pluginId: string): string[] {
    return [...this.byId.values()]
      .filter((p) => this.isActive(p.definition.id) && (p.definition.dependsOn ?? []).includes(pluginId))
      .map((p) => p.definition.id);
  }

  /** Switches a toggleable plugin on or off and keeps the choice; a no-op when it already is. */
  async set(pluginId: string, active: boolean): Promise<void> {
    const plugin = this.byId.get(pluginId);
    if (!plugin) throw new NotFoundError(CoreErrorCodes.pluginNotFound, `No plugin "${pluginId}" is loaded`);
    if (!plugin.definition.toggleable) {
      throw new ConflictError(
        CoreErrorCodes.pluginNotToggleable,
        `The "${pluginId}" plugin cannot be switched at run time; change plugin-manifest.json and restart instead`,
      );
    }
    if (this.isActive(pluginId) === active) return;
    const needers = active ? [] : this.dependents(pluginId);
    if (needers.length) {
      throw new ConflictError(
        CoreErrorCodes.pluginRequired,
        `The "${pluginId}" plugin cannot be switched off while ${needers.map((n) => `"${n}"`).join(', ')} depend${needers.length === 1 ? 's' : ''} on it`,
      );
    }
    if (active) {
      this.off.delete(pluginId);
      this.deps.services.setPluginActive(pluginId, true);
    } else this.switchOff(pluginId);
    await this.deps.config.update({ pluginsDisabled: [...this.off].sort() });
    this.deps.logger.info({ plugin: pluginId, enabled: active }, active ? 'Plugin switched on' : 'Plugin switched off');
    for (const listener of this.listeners) listener(pluginId, active);
    this.deps.events.publish(CoreEvents.pluginToggled, { pluginId, enabled: active });
  }

  private switchOff(pluginId: string): void {
    this.off.add(pluginId);
    this.deps.services.setPluginActive(pluginId, false);
  }
}
