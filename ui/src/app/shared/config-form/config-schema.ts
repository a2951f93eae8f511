import { DestroyRef, Injectable, computed, inject, signal } from '@angular/core';
import type { ConfigSchemaResponse } from '@vidkeep/contracts';
import { Live } from '../../core/live';
import { ConfigApi } from './config-api';
import type { ConfigFieldMeta } from './config-field-meta';

/**
 * The config keys of every running plugin as the server declares them (`GET /api/config/schema`),
 * so no page keeps its own table of another plugin's keys and a third-party plugin's settings
 * appear like the built-in ones. Loaded once, read again when a plugin is switched on or off
 * (live `pluginToggled`) and after a reconnect.
 */
@Injectable({ providedIn: 'root' })
export class ConfigSchema {
  private readonly api = inject(ConfigApi);
  private readonly answer = signal<ConfigSchemaResponse | null>(null);
  private loading: Promise<void> | null = null;

  /** The sections, core first, in manifest order; null until loaded. */
  readonly plugins = computed(() => this.answer()?.plugins ?? null);
  private readonly byKey = computed(
    () =>
      new Map<string, ConfigFieldMeta>(
        (this.plugins() ?? []).flatMap((p) => p.fields.map((f) => [f.key, { ...f, owner: p.id }] as const)),
      ),
  );

  constructor() {
    const live = inject(Live);
    const reread = () => {
      if (this.answer()) void this.reload().catch(() => undefined); // the next page load says why
    };
    const toggled = live.on('pluginToggled').subscribe(reread);
    const ready = live.ready.subscribe((r) => {
      if (r.reconnected) reread();
    });
    inject(DestroyRef).onDestroy(() => {
      toggled.unsubscribe();
      ready.unsubscribe();
    });
  }

  /** Loads the description unless it is loaded or on its way. */
  ensure(): Promise<void> {
    return (this.loading ??= this.reload());
  }

  /** Reads the description again. */
  async reload(): Promise<void> {
    const next = this.api.schema().then((answer) => this.answer.set(answer));
    this.loading = next.catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  /** A key as declared, or undefined when no running plugin declares it. */
  meta(key: string): ConfigFieldMeta | undefined {
    return this.byKey().get(key);
  }
}
