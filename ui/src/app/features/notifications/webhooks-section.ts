import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { copyText } from '../../shared/clipboard';
import type { NotificationKind, WebhookDelivery } from './api-types';
import { NotificationsState } from './notifications-state';
import {
  EVENT_CHOICES,
  deliveryText,
  eventLabel,
  lastDeliveryText,
  newSecret,
  webhookUrlProblem,
} from './notifications-format';

/**
 * The webhooks of the Notifications page: each with test, on/off, delete and its delivery log,
 * and the form that adds one (a generated secret shown once, with Copy).
 */
@Component({
  selector: 'app-webhooks-section',
  imports: [FormsModule, MatButtonModule, MatCheckboxModule, MatFormFieldModule, MatInputModule, MatSlideToggleModule],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrl: './notifications.css',
  template: `
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <ul class="list" aria-label="Webhooks">
        @for (w of s.webhooks(); track w.id) {
          <li class="item" data-testid="webhook-row" [attr.data-webhook]="w.id">
            <div class="line">
              <strong>{{ w.name }}</strong>
              <code>{{ w.url }}</code>
              <mat-slide-toggle
                [checked]="w.enabled"
                (change)="patchWebhook(w.id, { enabled: $event.checked })"
                [aria-label]="'Send to ' + w.name"
                >On</mat-slide-toggle
              >
              <button mat-stroked-button type="button" (click)="testWebhook(w.id)" data-testid="webhook-test">
                Send test
              </button>
              <button mat-button type="button" (click)="showLog(w.id)" data-testid="webhook-log-button">
                Delivery log
              </button>
              <button mat-button type="button" (click)="removeWebhook(w.id)" data-testid="webhook-remove">
                Delete
              </button>
            </div>
            <p class="muted small">{{ labels(w.events) }}</p>
            <p class="small" data-testid="webhook-last">{{ last(w) }}</p>
            @if (logFor() === w.id) {
              <ol data-testid="webhook-log">
                @for (d of log(); track d.id) {
                  <li>{{ d.createdAt }} · {{ line(d) }}</li>
                } @empty {
                  <li class="muted">Nothing sent yet.</li>
                }
              </ol>
            }
          </li>
        } @empty {
          <li class="muted">No webhook yet.</li>
        }
      </ul>
      <form (ngSubmit)="addWebhook()" aria-label="Add a webhook">
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>Name</mat-label>
          <input matInput name="whName" [(ngModel)]="hookName" data-testid="webhook-name" required />
        </mat-form-field>
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>URL</mat-label>
          <input
            matInput
            name="whUrl"
            [(ngModel)]="hookUrl"
            data-testid="webhook-url"
            placeholder="https://example.home/hook"
          />
        </mat-form-field>
        <fieldset>
          <legend>Send</legend>
          @for (c of choices; track c.value) {
            <mat-checkbox
              [attr.data-testid]="'webhook-event-' + c.value"
              [checked]="hookEvents().has(c.value)"
              (change)="toggleEvent(c.value, $event.checked)"
              >{{ c.label }}</mat-checkbox
            >
          }
        </fieldset>
        <div class="secret">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>Secret</mat-label>
            <input matInput #secret name="whSecret" [(ngModel)]="hookSecret" data-testid="webhook-secret" />
            <mat-hint>Signs every delivery. Copy it now: it is not shown again.</mat-hint>
          </mat-form-field>
          <button mat-stroked-button type="button" (click)="copySecret(secret)" data-testid="webhook-secret-copy">
            Copy
          </button>
          <span role="status" class="small" data-testid="webhook-secret-copied">{{ copied() }}</span>
        </div>
        <div class="line"><button mat-flat-button type="submit" data-testid="webhook-add">Add webhook</button></div>
      </form>
    </section>
  `,
})
export class WebhooksSection {
  readonly s = inject(NotificationsState);
  private readonly api = this.s.api;
  readonly choices = EVENT_CHOICES;
  readonly log = signal<WebhookDelivery[]>([]);
  readonly logFor = signal<number | null>(null);
  readonly hookEvents = signal(new Set<NotificationKind>(['download.finished', 'job.failed']));
  readonly hookName = signal('');
  readonly hookUrl = signal('');
  readonly hookSecret = signal(newSecret());
  /** What Copy did with the secret: "Copied", or how to copy it by hand. */
  readonly copied = signal('');
  readonly last = lastDeliveryText;
  readonly line = deliveryText;
  readonly labels = (events: string[]) => events.map(eventLabel).join(', ');

  async copySecret(field: HTMLInputElement): Promise<void> {
    // Without the Clipboard API (plain HTTP) the field's text is selected for Ctrl+C instead.
    if ((await copyText(this.hookSecret(), null)) === 'copied') return this.copied.set('Copied');
    field.select();
    this.copied.set('Selected: press Ctrl+C (⌘C) to copy.');
  }

  toggleEvent(kind: NotificationKind, on: boolean): void {
    const next = new Set(this.hookEvents());
    if (on) next.add(kind);
    else next.delete(kind);
    this.hookEvents.set(next);
  }

  addWebhook(): Promise<void> {
    const problem = webhookUrlProblem(this.hookUrl());
    if (problem) {
      this.s.error.set(problem);
      return Promise.resolve();
    }
    return this.s.act(async () => {
      await this.api.addWebhook({
        name: this.hookName().trim() || 'Webhook',
        url: this.hookUrl().trim(),
        events: EVENT_CHOICES.map((c) => c.value).filter((k) => this.hookEvents().has(k)),
        secret: this.hookSecret(),
      });
      this.hookName.set('');
      this.hookUrl.set('');
      this.hookSecret.set(newSecret());
      this.copied.set('');
      return 'Webhook added';
    });
  }

  testWebhook(id: number): Promise<void> {
    return this.s.act(async () => {
      const d = await this.api.testWebhook(id);
      return d.status === 'delivered'
        ? `Test delivered (HTTP ${d.lastStatusCode})`
        : `Test failed: ${d.lastError ?? d.status}`;
    });
  }

  patchWebhook(id: number, patch: { enabled: boolean }): Promise<void> {
    return this.s.act(async () => {
      await this.api.updateWebhook(id, patch);
      return null;
    });
  }

  removeWebhook(id: number): Promise<void> {
    return this.s.act(async () => {
      await this.api.removeWebhook(id);
      return 'Webhook deleted';
    });
  }

  async showLog(id: number): Promise<void> {
    try {
      const r = await this.api.deliveries(id);
      this.log.set(r.deliveries);
      this.logFor.set(id);
    } catch (e) {
      this.s.fail(e);
    }
  }
}
