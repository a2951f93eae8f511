import { Component, computed, input, ChangeDetectionStrategy } from '@angular/core';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { FORM_CONTROLS } from '../form-controls';
import { rangeHint, type ConfigField, type FieldOption } from './config-fields';
import type { ConfigForm } from './config-form';
import { FilenamePreviewPanel } from './filename-preview';

/**
 * One config key as a form control of its kind: a switch, a choice (or several), a write-only
 * secret with its set / not set state and "remove", a text or a number with its range; the
 * read-only reason or the description below it and the problem when there is one. Test id
 * `config-<key>`. The general configuration section and the media-server cards use it.
 */
@Component({
  selector: 'app-config-field',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [FORM_CONTROLS, MatSlideToggleModule, FilenamePreviewPanel],
  templateUrl: './config-field.html',
  styleUrl: './config-field.css',
  host: { '[class.wide]': "field().multiline || field().key === 'videoFilenamePrefix'" },
})
export class ConfigFieldControl {
  readonly field = input.required<ConfigField>();
  readonly cf = input.required<ConfigForm>();
  /** Choices the server lists (users, libraries): a text or list key then shows as a choice. */
  readonly options = input<readonly FieldOption[] | null>(null);

  readonly control = computed(() => this.cf().form().controls[this.field().key]!);
  readonly choices = computed(() => this.options() ?? this.field().options ?? []);
  readonly shownKind = computed(() => {
    const f = this.field();
    return f.kind === 'multi' || (this.options() && f.kind === 'string') ? 'enum' : f.kind;
  });
  readonly range = computed(() => rangeHint(this.field()));
}
