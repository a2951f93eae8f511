import { ElementRef, Injector, computed, inject, signal, type Signal } from '@angular/core';
import { PendingAction } from '../../shared/pending-action';
import { ConfigApi } from '../../shared/config-form/config-api';
import { configField, type ConfigField, type ConfigView } from '../../shared/config-form/config-fields';
import { ConfigSchema } from '../../shared/config-form/config-schema';
import { ConfigForm, focusFirstInvalid } from '../../shared/config-form/config-form';
import { ENTRY_RULES } from './subfolder-library-rule';
import { MediaServersApi } from './media-servers-api';

export interface ServerSettingsOptions {
  /** Where the card's config keys are saved. */
  config: ConfigApi;
  /** What the server declares of each key (loaded before the cards show). */
  schema: ConfigSchema;
  /** The media-server routes: tests, users, libraries, watch status. */
  client: MediaServersApi;
  /** `GET /getconfig` as the page holds it. */
  view: Signal<ConfigView>;
  /** The server's new view after a save. */
  saved: (view: ConfigView) => void;
  /** The form was refused before sending (the card moves the focus to the first problem). */
  invalid?: () => void;
}

/**
 * The options of a card's settings: the card's view and where its saves go; a refused form moves
 * the focus to the first problem in the card. Call it in a field initializer (it injects).
 */
export function cardOptions(view: Signal<ConfigView>, saved: (view: ConfigView) => void): ServerSettingsOptions {
  const host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  const injector = inject(Injector);
  return {
    config: inject(ConfigApi),
    schema: inject(ConfigSchema),
    client: inject(MediaServersApi),
    view,
    saved,
    invalid: () => focusFirstInvalid(host, injector),
  };
}

/**
 * What every media-server card holds: its config keys as a `ConfigForm` (saved through
 * `PATCH /api/config`), the connection test with its outcome in words, and the loading of the
 * pickers the server fills (users, libraries). Each kind adds its own calls.
 */
export abstract class ServerSettings {
  readonly fields: Signal<ConfigField[]>;
  readonly cf: ConfigForm;
  readonly test = new PendingAction('Not connected: ');
  /** What the last successful test found ("Connected to … 10.11.11"). */
  readonly connection = signal<string | null>(null);
  readonly lists = new PendingAction('Not listed: ');
  /** What to do next, when a check could not go on by itself ("save, then …"). */
  readonly note = signal<string | null>(null);
  private readonly byKey: Signal<ReadonlyMap<string, ConfigField>>;

  /**
   * @param optional Keys another plugin's presence decides (the watch-status switches): a card
   *   leaves them out while the server's view lacks them.
   */
  constructor(
    protected readonly options: ServerSettingsOptions,
    keys: readonly string[],
    private readonly optional: readonly string[] = [],
  ) {
    this.fields = computed(() => {
      const view = options.view();
      return keys
        .filter((k) => (!this.optional.includes(k) || k in view) && options.schema.meta(k))
        .map((k) => configField({ ...options.schema.meta(k)!, entryRule: ENTRY_RULES[k] }, view));
    });
    this.byKey = computed(() => new Map(this.fields().map((f) => [f.key, f])));
    this.cf = new ConfigForm({ ...options, api: options.config, fields: this.fields });
  }

  /** Tests the connection with what the form holds, and lists the pickers' choices when it can. */
  abstract testConnection(): Promise<void>;

  field(key: string): ConfigField {
    return this.byKey().get(key)!;
  }

  /** Whether the card edits `key` on this server (an optional key may be absent). */
  has(key: string): boolean {
    return this.byKey().has(key);
  }

  /** The key's value in the form now (typed, not saved yet). */
  typed(key: string): unknown {
    return this.cf.form().getRawValue()[key];
  }

  /** A typed secret, or undefined when the input is empty (the stored one is meant). */
  typedSecret(key: string): string | undefined {
    const v = this.typed(key);
    return typeof v === 'string' && v !== '' && !this.cf.clearSecrets().has(key) ? v : undefined;
  }

  /** Whether any of `keys` has an unsaved change. */
  edited(keys: readonly string[]): boolean {
    const patch = this.cf.patch();
    return keys.some((k) => k in patch);
  }

  /**
   * Tests the connection with what the form holds: the fields it reads must be valid first (their
   * problems show), then `work` asks the server and says what it found.
   */
  protected async runTest(keys: readonly string[], work: () => Promise<string>): Promise<boolean> {
    this.connection.set(null);
    this.note.set(null);
    const controls = keys.map((k) => this.cf.form().controls[k]).filter((c) => c !== undefined);
    if (controls.some((c) => c.invalid)) {
      controls.forEach((c) => c.markAsTouched());
      this.test.error.set('Not tested: correct the highlighted fields first.');
      return false;
    }
    return this.test.run(async () => this.connection.set(await work()));
  }
}
