import { computed, signal } from '@angular/core';
import type { PluginInfo } from '@vidkeep/contracts';
import { toApiError } from '../../core/api';
import { KeyMessages, KeySet } from '../keyed';
import type { PluginsApi } from './plugins-api';

export type { PluginInfo };

/**
 * The plugins of this server (`GET /api/plugins`) and their run-time switch
 * (`PATCH /api/plugins/:id`): which are on, which are switching now, and per plugin the
 * server's explanation of a refused switch (another plugin needs it, it cannot be switched).
 * The Plugins page and the media-server cards each keep one.
 */
export class PluginSwitches {
  readonly plugins = signal<PluginInfo[] | null>(null);
  readonly loadError = signal<string | null>(null);
  readonly switching = new KeySet<string>();
  readonly errors = new KeyMessages<string>();
  private readonly byId = computed(() => new Map((this.plugins() ?? []).map((p) => [p.id, p])));

  /** @param switched Called after the server switched a plugin (the page may reread what depends on it). */
  constructor(
    private readonly api: PluginsApi,
    private readonly switched: (plugin: PluginInfo) => void = () => undefined,
  ) {}

  plugin(id: string): PluginInfo | null {
    return this.byId().get(id) ?? null;
  }

  async load(): Promise<void> {
    try {
      const r = await this.api.list();
      this.plugins.set(r.plugins);
      this.loadError.set(null);
    } catch (err) {
      this.loadError.set(`The plugins could not be listed: ${toApiError(err).message}`);
    }
  }

  /** Switches a plugin on or off; true when the server did it (else `errors` says why not). */
  async set(id: string, enabled: boolean): Promise<boolean> {
    this.switching.set(id);
    this.errors.set(id, null);
    try {
      const { plugin } = await this.api.setEnabled(id, enabled);
      this.plugins.update((list) => (list ?? []).map((p) => (p.id === plugin.id ? plugin : p)));
      this.switched(plugin);
      return true;
    } catch (err) {
      this.errors.set(id, `Not switched ${enabled ? 'on' : 'off'}: ${toApiError(err).message}`);
      return false;
    } finally {
      this.switching.set(id, false);
    }
  }
}
