import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { RouterLink } from '@angular/router';
import { AppriseTargets } from './apprise-targets';
import { NotificationsState } from './notifications-state';
import { WebhooksSection } from './webhooks-section';

/**
 * Settings, Notifications: the Apprise targets (`AppriseTargets`) and the webhooks
 * (`WebhooksSection`), with what the last action did, or why it failed, above both. The
 * sections share `NotificationsState`.
 */
@Component({
  selector: 'app-notifications-page',
  imports: [RouterLink, AppriseTargets, WebhooksSection],
  providers: [NotificationsState],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrl: './notifications.css',
  template: `
    <nav class="back"><a routerLink="/settings">← Settings</a></nav>
    <h1>Notifications</h1>
    @if (s.status(); as status) {
      <p role="status" data-testid="notify-status">{{ status }}</p>
    }
    @if (s.error(); as e) {
      <p role="alert" class="error" data-testid="notify-error">{{ e }}</p>
    }
    <app-apprise-targets />
    <app-webhooks-section />
  `,
})
export class NotificationsPage {
  readonly s = inject(NotificationsState);

  constructor() {
    void this.s.load();
  }
}
