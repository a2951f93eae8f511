import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { BusyButton } from '../../../shared/busy-button';
import { downloadAllPreviewText, queueButtonText, sizeBasisText } from '../../../shared/channel-format';
import type { DownloadAll } from './download-all';

/** What "Download all…" would queue, its confirmation, and the outcome. */
@Component({
  selector: 'app-download-all-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton],
  template: `
    @let d = state();
    @if (d.loading()) {
      <p class="muted small" role="status">Counting what would be downloaded…</p>
    }
    @if (d.preview(); as p) {
      <div class="confirm-box" role="group" aria-label="Download all" data-testid="download-all-preview">
        <p data-testid="download-all-summary">{{ previewText(p) }}</p>
        @if (p.count > 0) {
          <p class="muted small" data-testid="download-all-size-basis">{{ basisText(p.sizeBasis) }}</p>
        }
        @if (!p.listingComplete) {
          <p class="muted small" data-testid="download-all-load-first">
            Only videos known here are counted: use Load all first to list the whole tab.
          </p>
        }
        <div class="row">
          @if (p.count > 0) {
            <app-busy-button
              appearance="filled"
              [busy]="d.busy()"
              busyText="Queueing…"
              testId="download-all-confirm"
              (pressed)="d.confirm()"
              [text]="queueText(p.count)"
            />
          }
          <app-busy-button
            appearance="text"
            [busy]="d.busy()"
            testId="download-all-cancel"
            (pressed)="d.preview.set(null)"
            [text]="p.count > 0 ? 'Cancel' : 'Close'"
          />
        </div>
      </div>
    }
    @if (d.error()) {
      <p class="error" role="alert" data-testid="download-all-error">{{ d.error() }}</p>
    }
    @if (d.notice()) {
      <p role="status" data-testid="download-all-result">{{ d.notice() }}</p>
    }
  `,
  styleUrl: '../../../shared/panel-part.css',
  styles: `
    .confirm-box {
      display: flex;
      flex-direction: column;
      gap: 6px;
      padding: 12px;
      border-radius: 8px;
      background: var(--mat-sys-surface-container);
    }
  `,
})
export class DownloadAllPanel {
  readonly state = input.required<DownloadAll>();
  readonly previewText = downloadAllPreviewText;
  readonly basisText = sizeBasisText;
  readonly queueText = queueButtonText;
}
