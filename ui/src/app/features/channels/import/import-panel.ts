import { ChangeDetectionStrategy, Component, computed, inject, output, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { FormControl, ReactiveFormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatButtonToggleModule } from '@angular/material/button-toggle';
import { MatCardModule } from '@angular/material/card';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { MatSelectModule } from '@angular/material/select';
import { Live } from '../../../core/live';
import { RESOLUTION_CHOICES } from '../../../core/media-choices';
import { BusyButton } from '../../../shared/busy-button';
import { FileDrop } from '../../../shared/file-drop';
import { hintValidator, ShowWhenDirty, subfolderHint } from '../../../shared/field-rules';
import { formatWhen } from '../../../shared/format';
import {
  IMPORT_FILE_MAX_BYTES,
  statusText,
  SubscriptionImportState,
  type ImportSourceKind,
  type ResultFilter,
} from './subscription-import';
import { ImportsApi } from './imports-api';

const STATE_LABELS = { success: 'Subscribed', skipped: 'Skipped', error: 'Failed', pending: 'Waiting' } as const;
const STATE_BADGES = { success: 'badge ok', skipped: 'badge', error: 'badge bad', pending: 'badge' } as const;

/**
 * "Import subscriptions" on the Channels page: the account export's subscriptions.csv or a
 * signed-in browser's cookies.txt give a preview with checkboxes (active subscriptions marked and
 * left out, channels removed earlier marked: they come back with their old settings), optional
 * settings for the new channels, then the import with live progress, cancel and a result per
 * channel. A running import is picked up again after a reload.
 */
@Component({
  selector: 'app-import-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    ReactiveFormsModule,
    MatCardModule,
    BusyButton,
    MatButtonModule,
    MatButtonToggleModule,
    MatCheckboxModule,
    MatFormFieldModule,
    MatInputModule,
    MatProgressBarModule,
    MatSelectModule,
    FileDrop,
  ],
  templateUrl: './import-panel.html',
  styleUrls: ['../../../shared/badges.css', './import-panel.css'],
})
export class ImportPanel {
  /** Channels were subscribed: the list should be read again. */
  readonly imported = output();

  readonly state = new SubscriptionImportState(inject(ImportsApi));
  readonly maxBytes = IMPORT_FILE_MAX_BYTES;
  readonly source = signal<ImportSourceKind>('takeout');
  readonly quality = new FormControl<string>('', { nonNullable: true });
  readonly subfolder = new FormControl<string>('', { nonNullable: true, validators: hintValidator(subfolderHint) });
  readonly matcher = new ShowWhenDirty();
  readonly resolutions = RESOLUTION_CHOICES;
  readonly stateLabels = STATE_LABELS;
  /** The shared badge colour of a result's state. */
  readonly stateBadges = STATE_BADGES;
  readonly statusText = statusText;
  readonly when = (iso: string | null) => formatWhen(iso, '');

  readonly selectedCount = computed(() => this.state.selected.size());
  readonly percent = computed(() => {
    const r = this.state.run();
    return r && r.total > 0 ? Math.round((r.done / r.total) * 100) : 0;
  });

  constructor() {
    inject(Live)
      .on('subscriptionImportUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        void this.state.update(m).then((finished) => finished && this.imported.emit());
      });
    void this.state.load();
  }

  setFilter(f: ResultFilter): void {
    this.state.filter.set(f);
  }

  async pick(file: File): Promise<void> {
    await this.state.previewFile(this.source(), file);
  }

  async start(): Promise<void> {
    if (this.subfolder.invalid) return;
    await this.state.start({ quality: this.quality.value, subfolder: this.subfolder.value });
  }
}
