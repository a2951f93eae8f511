import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { NotificationsState } from './notifications-state';

/**
 * The Apprise targets of the Notifications page (masked: their URLs hold tokens and are never
 * shown again): whether apprise is installed (said once, here: the Test buttons wait for it
 * rather than repeating it as an error), the switch, each target with test, on/off and remove,
 * and the form that adds one (or tests it first).
 */
@Component({
  selector: 'app-apprise-targets',
  imports: [FormsModule, MatButtonModule, MatCheckboxModule, MatFormFieldModule, MatInputModule, MatSlideToggleModule],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrl: './notifications.css',
  template: `
    <section aria-labelledby="apprise-title">
      <h2 id="apprise-title">Apprise targets</h2>
      @if (s.targets(); as t) {
        @if (!t.apprise.available) {
          <p class="error" role="alert" id="apprise-missing" data-testid="apprise-missing">{{ t.apprise.problem }}</p>
        } @else {
          <p class="muted small" data-testid="apprise-version">apprise {{ t.apprise.version }}</p>
        }
        <mat-slide-toggle
          data-testid="notifications-enabled"
          [checked]="t.notificationsEnabled"
          (change)="setEnabled($event.checked)"
          >Send notifications to these targets</mat-slide-toggle
        >
        <ul class="list" aria-label="Apprise targets">
          @for (x of t.targets; track x.id) {
            <li class="item line" data-testid="target-row" [attr.data-target]="x.id">
              <strong>{{ x.name }}</strong>
              <code>{{ x.maskedUrl }}</code>
              <span class="muted small">{{ x.richFormatting ? 'rich formatting' : 'plain text' }}</span>
              <mat-slide-toggle
                [checked]="x.enabled"
                (change)="patchTarget(x.id, { enabled: $event.checked })"
                [aria-label]="'Send to ' + x.name"
                >On</mat-slide-toggle
              >
              <button
                mat-stroked-button
                type="button"
                (click)="testTarget(x.id)"
                [disabled]="!t.apprise.available"
                [attr.aria-describedby]="t.apprise.available ? null : 'apprise-missing'"
                data-testid="target-test"
              >
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
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>Apprise URL</mat-label>
          <input
            matInput
            name="url"
            [(ngModel)]="targetUrl"
            data-testid="target-url"
            placeholder="discord://id/token"
            required
          />
        </mat-form-field>
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>Name</mat-label>
          <input matInput name="name" [(ngModel)]="targetName" data-testid="target-name" />
        </mat-form-field>
        <mat-checkbox name="rich" [(ngModel)]="targetRich"
          >Rich formatting (Discord, Telegram, Slack, email)</mat-checkbox
        >
        <div class="line">
          <button mat-flat-button type="submit" data-testid="target-add">Add</button>
          <button
            mat-stroked-button
            type="button"
            (click)="testUnsaved()"
            [disabled]="s.targets()?.apprise?.available === false"
            [attr.aria-describedby]="s.targets()?.apprise?.available === false ? 'apprise-missing' : null"
            data-testid="target-test-unsaved"
          >
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
