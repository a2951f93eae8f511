import { Component, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { RouterLink } from '@angular/router';
import { Api } from '../../core/api';
import type {
  AppriseTargetList,
  NotificationKind,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from './api-types';
import {
  EVENT_CHOICES,
  deliveryText,
  eventLabel,
  lastDeliveryText,
  newSecret,
  webhookUrlProblem,
} from './notifications-format';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Settings, Notifications: the Apprise targets (masked: their URLs hold tokens and are never
 * shown again) with add, test, on/off and remove, whether apprise is installed; and the webhooks
 * with add (a generated secret shown once), test, on/off, delete and their delivery log.
 */
@Component({
  selector: 'app-notifications-page',
  imports: [RouterLink, FormsModule, MatButtonModule],
  styles: `
    .list {
      list-style: none;
      padding: 0;
    }
    .item {
      border-bottom: 1px solid var(--mat-sys-outline-variant, #ccc);
      padding: 0.5rem 0;
    }
    .line {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
      align-items: center;
    }
    form {
      display: grid;
      gap: 0.5rem;
      max-width: 40rem;
      margin: 0.5rem 0 1.5rem;
    }
    fieldset {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 1rem;
    }
    .error {
      color: var(--mat-sys-error, #b00020);
    }
  `,
  template: `
    <nav class="back"><a routerLink="/settings">← Settings</a></nav>
    <h1>Notifications</h1>
    @if (status(); as s) {
      <p role="status" data-testid="notify-status">{{ s }}</p>
    }
    @if (error(); as e) {
      <p role="alert" class="error" data-testid="notify-error">{{ e }}</p>
    }

    <section aria-labelledby="apprise-title">
      <h2 id="apprise-title">Apprise targets</h2>
      @if (targets(); as t) {
        @if (!t.apprise.available) {
          <p class="error" role="alert" data-testid="apprise-missing">{{ t.apprise.problem }}</p>
        } @else {
          <p class="muted small" data-testid="apprise-version">apprise {{ t.apprise.version }}</p>
        }
        <label
          ><input
            type="checkbox"
            data-testid="notifications-enabled"
            [checked]="t.notificationsEnabled"
            (change)="setEnabled($any($event.target).checked)"
          />
          Send notifications to these targets</label
        >
        <ul class="list" aria-label="Apprise targets">
          @for (x of t.targets; track x.id) {
            <li class="item line" data-testid="target-row" [attr.data-target]="x.id">
              <strong>{{ x.name }}</strong>
              <code>{{ x.maskedUrl }}</code>
              <span class="muted small">{{ x.richFormatting ? 'rich formatting' : 'plain text' }}</span>
              <label
                ><input
                  type="checkbox"
                  [checked]="x.enabled"
                  (change)="patchTarget(x.id, { enabled: $any($event.target).checked })"
                />
                on</label
              >
              <button mat-stroked-button type="button" (click)="testTarget(x.id)" data-testid="target-test">
                Test
              </button>
              <button mat-button type="button" (click)="removeTarget(x.id)" data-testid="target-remove">Remove</button>
            </li>
          } @empty {
            <li class="muted">No target yet.</li>
          }
        </ul>
      }
      <form (ngSubmit)="addTarget()" aria-label="Add an Apprise target">
        <label
          >Apprise URL
          <input name="url" [(ngModel)]="targetUrl" data-testid="target-url" placeholder="discord://id/token" required
        /></label>
        <label>Name <input name="name" [(ngModel)]="targetName" data-testid="target-name" /></label>
        <label
          ><input type="checkbox" name="rich" [(ngModel)]="targetRich" /> Rich formatting (Discord, Telegram, Slack,
          email)</label
        >
        <div class="line">
          <button mat-flat-button type="submit" data-testid="target-add">Add</button>
          <button mat-stroked-button type="button" (click)="testUnsaved()" data-testid="target-test-unsaved">
            Test first
          </button>
        </div>
      </form>
    </section>

    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <ul class="list" aria-label="Webhooks">
        @for (w of webhooks(); track w.id) {
          <li class="item" data-testid="webhook-row" [attr.data-webhook]="w.id">
            <div class="line">
              <strong>{{ w.name }}</strong>
              <code>{{ w.url }}</code>
              <label
                ><input
                  type="checkbox"
                  [checked]="w.enabled"
                  (change)="patchWebhook(w.id, { enabled: $any($event.target).checked })"
                />
                on</label
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
        <label>Name <input name="whName" [(ngModel)]="hookName" data-testid="webhook-name" required /></label>
        <label
          >URL
          <input name="whUrl" [(ngModel)]="hookUrl" data-testid="webhook-url" placeholder="https://example.home/hook"
        /></label>
        <fieldset>
          <legend>Send</legend>
          @for (c of choices; track c.value) {
            <label
              ><input
                type="checkbox"
                [attr.data-testid]="'webhook-event-' + c.value"
                [checked]="hookEvents().has(c.value)"
                (change)="toggleEvent(c.value, $any($event.target).checked)"
              />
              {{ c.label }}</label
            >
          }
        </fieldset>
        <label
          >Secret (signs every delivery; copy it now, it is not shown again)
          <input name="whSecret" [(ngModel)]="hookSecret" data-testid="webhook-secret" />
        </label>
        <div class="line"><button mat-flat-button type="submit" data-testid="webhook-add">Add webhook</button></div>
      </form>
    </section>
  `,
})
export class NotificationsPage {
  private readonly api = inject(Api);
  readonly choices = EVENT_CHOICES;
  readonly targets = signal<AppriseTargetList | null>(null);
  readonly webhooks = signal<Webhook[]>([]);
  readonly log = signal<WebhookDelivery[]>([]);
  readonly logFor = signal<number | null>(null);
  readonly status = signal<string | null>(null);
  readonly error = signal<string | null>(null);
  readonly hookEvents = signal(new Set<NotificationKind>(['download.finished', 'job.failed']));
  targetUrl = '';
  targetName = '';
  targetRich = true;
  hookName = '';
  hookUrl = '';
  hookSecret = newSecret();
  readonly last = lastDeliveryText;
  readonly line = deliveryText;
  readonly labels = (events: string[]) => events.map(eventLabel).join(', ');

  constructor() {
    void this.load();
  }

  async load(): Promise<void> {
    try {
      const [t, w] = await Promise.all([
        this.api.get<AppriseTargetList>('/api/notifications/targets'),
        this.api.get<WebhookList>('/api/notifications/webhooks'),
      ]);
      this.targets.set(t);
      this.webhooks.set(w.webhooks);
    } catch (e) {
      this.error.set(`Notifications could not be loaded: ${message(e)}`);
    }
  }

  /** Runs an action; says what happened (or what went wrong) and reloads. */
  private async act(work: () => Promise<string | null>): Promise<void> {
    this.error.set(null);
    this.status.set(null);
    try {
      this.status.set(await work());
    } catch (e) {
      this.error.set(message(e));
    }
    await this.load();
  }

  setEnabled(on: boolean): Promise<void> {
    return this.act(async () => {
      await this.api.patch('/api/config', { notificationsEnabled: on });
      return on ? 'Notifications are on' : 'Notifications are off';
    });
  }

  addTarget(): Promise<void> {
    return this.act(async () => {
      await this.api.post('/api/notifications/targets', {
        url: this.targetUrl.trim(),
        ...(this.targetName.trim() ? { name: this.targetName.trim() } : {}),
        richFormatting: this.targetRich,
      });
      this.targetUrl = '';
      this.targetName = '';
      return 'Target added';
    });
  }

  testUnsaved(): Promise<void> {
    return this.act(async () => {
      const r = await this.api.post<{ message: string }>('/api/notifications/test-single', {
        url: this.targetUrl.trim(),
        richFormatting: this.targetRich,
      });
      return `Test sent: ${r.message}`;
    });
  }

  testTarget(id: string): Promise<void> {
    return this.act(
      async () =>
        `Test sent: ${(await this.api.post<{ message: string }>(`/api/notifications/targets/${id}/test`)).message}`,
    );
  }

  patchTarget(id: string, patch: { enabled: boolean }): Promise<void> {
    return this.act(async () => {
      await this.api.patch(`/api/notifications/targets/${id}`, patch);
      return null;
    });
  }

  removeTarget(id: string): Promise<void> {
    return this.act(async () => {
      await this.api.delete(`/api/notifications/targets/${id}`);
      return 'Target removed';
    });
  }

  toggleEvent(kind: NotificationKind, on: boolean): void {
    const next = new Set(this.hookEvents());
    if (on) next.add(kind);
    else next.delete(kind);
    this.hookEvents.set(next);
  }

  addWebhook(): Promise<void> {
    const problem = webhookUrlProblem(this.hookUrl);
    if (problem) {
      this.error.set(problem);
      return Promise.resolve();
    }
    return this.act(async () => {
      await this.api.post('/api/notifications/webhooks', {
        name: this.hookName.trim() || 'Webhook',
        url: this.hookUrl.trim(),
        events: EVENT_CHOICES.map((c) => c.value).filter((k) => this.hookEvents().has(k)),
        secret: this.hookSecret,
      });
      this.hookName = '';
      this.hookUrl = '';
      this.hookSecret = newSecret();
      return 'Webhook added';
    });
  }

  testWebhook(id: number): Promise<void> {
    return this.act(async () => {
      const d = await this.api.post<WebhookDelivery>(`/api/notifications/webhooks/${id}/test`);
      return d.status === 'delivered'
        ? `Test delivered (HTTP ${d.lastStatusCode})`
        : `Test failed: ${d.lastError ?? d.status}`;
    });
  }

  patchWebhook(id: number, patch: { enabled: boolean }): Promise<void> {
    return this.act(async () => {
      await this.api.patch(`/api/notifications/webhooks/${id}`, patch);
      return null;
    });
  }

  removeWebhook(id: number): Promise<void> {
    return this.act(async () => {
      await this.api.delete(`/api/notifications/webhooks/${id}`);
      return 'Webhook deleted';
    });
  }

  async showLog(id: number): Promise<void> {
    try {
      const r = await this.api.get<WebhookDeliveryList>(`/api/notifications/webhooks/${id}/deliveries`);
      this.log.set(r.deliveries);
      this.logFor.set(id);
    } catch (e) {
      this.error.set(message(e));
    }
  }
}
