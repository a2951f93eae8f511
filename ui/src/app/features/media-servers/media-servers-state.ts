import { signal } from '@angular/core';
import type { MediaServerStatus } from '@vidkeep/contracts';
import { toApiError } from '../../core/api';
import { PluginSwitches } from '../../shared/plugin-switch/plugin-switches';
import type { PluginsApi } from '../../shared/plugin-switch/plugins-api';
import type { ConfigApi } from '../../shared/config-form/config-api';
import type { ConfigSchema } from '../../shared/config-form/config-schema';
import type { MediaServersApi } from './media-servers-api';
import type { ConfigView } from '../../shared/config-form/config-fields';
import type { ServerKind } from './server-format';

/**
 * What the Media servers page knows: the configuration (`GET /getconfig`; each card edits its
 * keys), the plugins with their switches, and which kinds are connected
 * (`GET /api/mediaservers/status`), read again after a save or a switch.
 */
export class MediaServersState {
  readonly config = signal<ConfigView | null>(null);
  readonly error = signal<string | null>(null);
  readonly status = signal<MediaServerStatus | null>(null);
  readonly switches: PluginSwitches;

  constructor(
    private readonly client: MediaServersApi,
    plugins: PluginsApi,
    private readonly configApi: ConfigApi,
    private readonly schema: ConfigSchema,
  ) {
    this.switches = new PluginSwitches(plugins, () => void this.loadStatus());
  }

  async load(): Promise<void> {
    this.error.set(null);
    await Promise.all([this.loadConfig(), this.switches.load(), this.loadStatus()]);
  }

  /** Set up and switched on; null while unknown. */
  connected(kind: ServerKind): boolean | null {
    return this.status()?.[kind] ?? null;
  }

  /** Whether any kind is connected; null while unknown. */
  anyConnected(): boolean | null {
    const s = this.status();
    return s ? s.servers.some((server) => server.connected) : null;
  }

  /** A card saved: its answer is the whole new view. */
  saved(view: ConfigView): void {
    this.config.set(view);
    void this.loadStatus();
  }

  private async loadConfig(): Promise<void> {
    try {
      // The cards read each key's declaration: the view shows once both are here.
      const [view] = await Promise.all([this.configApi.view(), this.schema.ensure()]);
      this.config.set(view as ConfigView);
    } catch (err) {
      this.error.set(`The configuration could not be loaded: ${toApiError(err).message}`);
    }
  }

  /** Which kinds are connected; unknown (null) when the playlists plugin that answers it is missing. */
  private async loadStatus(): Promise<void> {
    try {
      this.status.set(await this.client.status());
    } catch {
      this.status.set(null);
    }
  }
}
