import { Component, ElementRef, Injector, computed, inject, input, output } from '@angular/core';
import { ReactiveFormsModule } from '@angular/forms';
import { MatCardModule } from '@angular/material/card';
import { Api } from '../../core/api';
import { ApiKeyTestButton } from './api-key-test';
import { ConfigFieldControl } from '../../shared/config-form/config-field';
import { CustomArgsCheck } from './custom-args-check';
import { buildConfigGroups, outputDirectoryNote, type ConfigView } from '../../shared/config-form/config-fields';
import { ConfigForm, focusFirstInvalid } from '../../shared/config-form/config-form';
import { ConfigFormActions } from '../../shared/config-form/config-form-actions';

/** Section 1 of the settings page: every config key of `GET /getconfig`, saved with `PATCH /api/config`. */
@Component({
  selector: 'app-config-section',
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

  readonly groups = computed(() => buildConfigGroups(this.view()));
  readonly cf = new ConfigForm({
    api: inject(Api),
    fields: computed(() => this.groups().flatMap((g) => g.sections.flatMap((s) => s.fields))),
    saved: (view) => this.saved.emit(view),
    invalid: () => focusFirstInvalid(this.host.nativeElement, this.injector),
  });
  readonly outputNote = computed(() => outputDirectoryNote(this.view()));
}
