import {
  Component,
  Injector,
  OnInit,
  afterNextRender,
  computed,
  inject,
  signal,
  viewChild,
  ChangeDetectionStrategy,
} from '@angular/core';
import {
  FormControl,
  FormGroup,
  FormGroupDirective,
  ReactiveFormsModule,
  Validators,
  type AbstractControl,
} from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { DomSanitizer } from '@angular/platform-browser';
import type { ApiKeyItem } from './contracts';
import { toApiError } from '../../core/api';
import { SettingsApi } from './settings-api';
import { ConfirmInline } from '../../shared/confirm-inline';
import { PendingAction } from '../../shared/pending-action';
import { ApiKeyCreated, type CreatedKey } from './api-key-created';
import { buildBookmarklet, buildCurlExample } from './bookmarklet';
import { formatWhen } from '../../shared/format';

/** Spec 8 / contracts `API_KEY_NAME_MAX`, `MAX_ACTIVE_API_KEYS` (type-only imports, so mirrored). */
export const API_KEY_NAME_MAX = 100;
export const MAX_ACTIVE_API_KEYS = 20;

const notBlank = (c: AbstractControl) =>
  typeof c.value === 'string' && c.value.trim() === '' ? { blank: true } : null;

/** Section 2: API keys for the download endpoint (bookmarklets, shortcuts, automation). */
@Component({
  selector: 'app-api-keys-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    ReactiveFormsModule,
    MatCardModule,
    MatFormFieldModule,
    MatInputModule,
    MatButtonModule,
    ConfirmInline,
    ApiKeyCreated,
  ],
  templateUrl: './api-keys-section.html',
  styleUrl: './section-list.css',
  styles: `
    .create {
      display: flex;
      flex-wrap: wrap;
      align-items: flex-start;
      gap: 8px 12px;
    }
    .create button {
      margin-top: 8px;
    }
    .info {
      flex: 1 1 220px;
    }
    .name {
      overflow-wrap: anywhere;
    }
    .confirm {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    .full {
      flex-basis: 100%;
      margin: 0;
    }
  `,
})
export class ApiKeysSection implements OnInit {
  private readonly api = inject(SettingsApi);
  private readonly sanitizer = inject(DomSanitizer);
  private readonly injector = inject(Injector);
  private readonly createdPanel = viewChild(ApiKeyCreated);
  private readonly formDirective = viewChild(FormGroupDirective);
  readonly nameMax = API_KEY_NAME_MAX;
  readonly maxKeys = MAX_ACTIVE_API_KEYS;
  readonly origin = location.origin;

  readonly name = new FormControl('', {
    nonNullable: true,
    validators: [Validators.required, notBlank, Validators.maxLength(API_KEY_NAME_MAX)],
  });
  readonly form = new FormGroup({ name: this.name });
  readonly keys = signal<ApiKeyItem[] | null>(null);
  readonly loadError = signal<string | null>(null);
  readonly creating = new PendingAction();
  /** The one moment the full key exists in the UI: forgotten on dismiss. */
  readonly created = signal<CreatedKey | null>(null);
  readonly confirming = signal<number | null>(null);
  readonly deleting = signal<number | null>(null);
  readonly deleteError = signal<{ id: number; message: string } | null>(null);
  readonly activeCount = computed(() => this.keys()?.filter((k) => k.is_active).length ?? 0);

  ngOnInit(): void {
    void this.load();
  }

  when(iso: string | null): string {
    return formatWhen(iso);
  }

  async load(): Promise<void> {
    try {
      const r = await this.api.apiKeys();
      this.keys.set(r.keys);
      this.loadError.set(null);
    } catch (err) {
      this.loadError.set(toApiError(err).message);
    }
  }

  async create(): Promise<void> {
    this.name.markAsTouched();
    if (this.name.invalid) return;
    await this.creating.run(async () => {
      const r = await this.api.createApiKey(this.name.value.trim());
      const bookmarklet = buildBookmarklet(this.origin, r.key);
      this.created.set({
        id: r.id,
        name: r.name,
        key: r.key,
        // Built by us from JSON-escaped values (bookmarklet.ts): a javascript: URL is the point here.
        bookmarklet: this.sanitizer.bypassSecurityTrustUrl(bookmarklet),
        bookmarkletText: bookmarklet,
        curl: buildCurlExample(this.origin, r.key),
      });
      // The form directive too: a submitted form keeps an empty required field red.
      this.formDirective()?.resetForm({ name: '' });
      afterNextRender(() => this.createdPanel()?.focus(), { injector: this.injector });
      await this.load();
    });
  }

  dismiss(): void {
    this.created.set(null);
  }

  askDelete(k: ApiKeyItem): void {
    this.deleteError.set(null);
    this.confirming.set(k.id);
  }

  async remove(k: ApiKeyItem): Promise<void> {
    this.deleting.set(k.id);
    this.deleteError.set(null);
    try {
      await this.api.removeApiKey(k.id);
      this.confirming.set(null);
      if (this.created()?.id === k.id) this.dismiss();
      await this.load();
    } catch (err) {
      this.deleteError.set({ id: k.id, message: toApiError(err).message });
    } finally {
      this.deleting.set(null);
    }
  }
}
