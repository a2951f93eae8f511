import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { NotificationsState } from './notifications-state';

/**
 * The Apprise targets of the Notifications page (masked: their URLs hold tokens and are never
 * shown again): whether apprise is installed, the switch, each target with test, on/off and
 * remove, and the form that adds one (or tests it first).
 */
@Component({
  selector: 'app-apprise-targets',
  imports: [FormsModule, MatButtonModule],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrl: './notifications.css',
  template: `
    <section aria-labelledby="apprise-title">
      <h2 id="apprise-title">Apprise targets</h2>
      @if (s.targets(); as t) {
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
  `,
})
export class AppriseTargets {
  readonly s = inject(NotificationsState);
  private readonly api = this.s.api;
  readonly targetUrl = signal('');
  readonly targetName = signal('');
  readonly targetRich = signal(true);

  setEnabled(on: boolean): Promise<void> {
    return this.s.act(async () => {
      await this.api.setEnabled(on);
      return on ? 'Notifications are on' : 'Notifications are off';
    });
  }

  addTarget(): Promise<void> {
    return this.s.act(async () => {
      const name = this.targetName().trim();
      await this.api.addTarget({
        url: this.targetUrl().trim(),
        ...(name ? { name } : {}),
        richFormatting: this.targetRich(),
      });
      this.targetUrl.set('');
      this.targetName.set('');
      return 'Target added';
    });
  }

  testUnsaved(): Promise<void> {
    return this.s.act(async () => {
      const r = await this.api.testUnsaved({ url: this.targetUrl().trim(), richFormatting: this.targetRich() });
      return `Test sent: ${r.message}`;
    });
  }

  testTarget(id: string): Promise<void> {
    return this.s.act(async () => `Test sent: ${(await this.api.testTarget(id)).message}`);
  }

  patchTarget(id: string, patch: { enabled: boolean }): Promise<void> {
    return this.s.act(async () => {
      await this.api.updateTarget(id, patch);
      return null;
    });
  }

  removeTarget(id: string): Promise<void> {
    return this.s.act(async () => {
      await this.api.removeTarget(id);
      return 'Target removed';
    });
  }
}
