import {
  Component,
  ElementRef,
  Injector,
  computed,
  inject,
  input,
  output,
  signal,
  ChangeDetectionStrategy,
} from '@angular/core';
import { ReactiveFormsModule } from '@angular/forms';
import { MatCardModule } from '@angular/material/card';
import { toApiError } from '../../core/api';
import { ApiKeyTestButton } from './api-key-test';
import { ConfigFieldControl } from '../../shared/config-form/config-field';
import { CustomArgsCheck } from './custom-args-check';
import { buildConfigGroups, outputDirectoryNote, type ConfigView } from '../../shared/config-form/config-fields';
import { ConfigForm, focusFirstInvalid } from '../../shared/config-form/config-form';
import { ConfigFormActions } from '../../shared/config-form/config-form-actions';
import { ConfigApi } from '../../shared/config-form/config-api';
import { ConfigSchema } from '../../shared/config-form/config-schema';

/**
 * Section 1 of the settings page: every running plugin's config keys as the server declares them
 * (`GET /api/config/schema`), with their values from `GET /getconfig`, saved with
 * `PATCH /api/config`. A plugin switched off loses its group at once.
 */
@Component({
  selector: 'app-config-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    ReactiveFormsModule,
    MatCardModule,
    ConfigFieldControl,
    ConfigFormActions,
    CustomArgsCheck,
    ApiKeyTestButton,
  ],
  templateUrl: './config-section.html',
  styleUrl: './config-section.css',
})
export class ConfigSection {
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef);
  private readonly injector = inject(Injector);
  readonly view = input.required<ConfigView>();
  /** The server's new view after a successful save. */
  readonly saved = output<ConfigView>();

  private readonly schema = inject(ConfigSchema);
  /** Why the plugins' declared keys could not be read, or null. */
  readonly schemaError = signal<string | null>(null);
  /** One group per running plugin, as the server declares its keys (none while they load). */
  readonly groups = computed(() => buildConfigGroups(this.schema.plugins() ?? [], this.view()));
  readonly cf = new ConfigForm({
    api: inject(ConfigApi),
    fields: computed(() => this.groups().flatMap((g) => g.sections.flatMap((s) => s.fields))),
    saved: (view) => this.saved.emit(view),
    invalid: () => focusFirstInvalid(this.host.nativeElement, this.injector),
  });
  readonly outputNote = computed(() => outputDirectoryNote(this.view()));

  constructor() {
    this.schema.ensure().catch((err: unknown) => {
      this.schemaError.set(`The settings of the plugins could not be read: ${toApiError(err).message}`);
    });
  }
}
