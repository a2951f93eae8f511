import { Component, OnInit, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatSlideToggleModule, type MatSlideToggleChange } from '@angular/material/slide-toggle';
import type { ScheduleEntry, ScheduleList, ScheduleUpdated, TaskRun, TaskRunList, TaskRunStarted } from './contracts';
import { debounceTime, merge } from 'rxjs';
import { Api, toApiError } from '../../core/api';
import { Live } from '../../core/live';
import { KeyMessages } from '../../shared/keyed';
import { formatWhen, runStatusLabel } from './settings-format';

/** contracts `CRON_MAX_LENGTH`. */
export const CRON_MAX = 100;

interface History {
  runs: TaskRun[] | null;
  error: string | null;
}

/** Section 6: the scheduler's tasks (`GET /api/schedules`), their cron, on/off, manual runs and history. */
@Component({
  selector: 'app-schedules-section',
  imports: [FormsModule, MatCardModule, MatFormFieldModule, MatInputModule, MatButtonModule, MatSlideToggleModule],
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-schedules-title">Scheduled tasks</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        @if (timezone()) {
          <p class="muted">
            Schedules are five-field cron expressions (minute hour day-of-month month day-of-week) in the server’s time
            zone, <strong>{{ timezone() }}</strong>. Times below are in your browser’s time zone.
          </p>
        }
        @if (error()) {
          <p class="error" role="alert" data-testid="schedules-error">{{ error() }}</p>
        }
        @if (schedules(); as list) {
          @if (list.length === 0) {
            <p class="muted">No scheduled tasks (is the scheduler plugin disabled?).</p>
          }
          <ul class="tasks" aria-label="Scheduled tasks">
            @for (s of list; track s.key) {
              <li class="task" [attr.data-testid]="'schedule-' + s.key">
                <div class="head">
                  <div class="title">
                    <span class="name">{{ s.title }}</span>
                    <code class="muted small">{{ s.key }}</code>
                  </div>
                  <mat-slide-toggle
                    [checked]="s.enabled"
                    (change)="setEnabled(s, $event)"
                    [disabled]="busy() === s.key"
                    data-testid="schedule-enabled"
                    [aria-label]="'On schedule: ' + s.title"
                    >On schedule</mat-slide-toggle
                  >
                </div>
                @if (s.description) {
                  <p class="muted small desc">{{ s.description }}</p>
                }
                <dl class="facts">
                  <div>
                    <dt>Schedule</dt>
                    <dd>
                      <code data-testid="schedule-cron">{{ s.schedule }}</code>
                      @if (s.schedule !== s.defaultSchedule) {
                        <span class="muted small"> (default {{ s.defaultSchedule }})</span>
                      }
                    </dd>
                  </div>
                  <div>
                    <dt>Next run</dt>
                    <dd>{{ s.enabled ? when(s.nextRunAt, '—') : 'not scheduled (disabled)' }}</dd>
                  </div>
                  <div>
                    <dt>Last run</dt>
                    <dd data-testid="schedule-last">
                      @if (s.running) {
                        <span class="status running">Running now</span>
                      } @else if (s.lastRun; as r) {
                        <span class="status" [class]="'status ' + r.status">{{ status(r.status) }}</span>
                        {{ when(r.finishedAt ?? r.startedAt) }}
                        @if (r.outcome) {
                          · {{ r.outcome }}
                        }
                      } @else {
                        <span class="muted">never</span>
                      }
                    </dd>
                  </div>
                </dl>

                @if (editing() === s.key) {
                  <form
                    class="edit"
                    (ngSubmit)="saveCron(s)"
                    novalidate
                    [attr.aria-label]="'Change the schedule of ' + s.title"
                  >
                    <mat-form-field appearance="outline" subscriptSizing="dynamic" class="grow">
                      <mat-label>Cron schedule</mat-label>
                      <input
                        matInput
                        name="cron"
                        [(ngModel)]="cronText"
                        [maxlength]="cronMax"
                        required
                        autocomplete="off"
                        spellcheck="false"
                        data-testid="schedule-cron-input"
                      />
                      <mat-hint>e.g. 30 5 * * mon-fri (default {{ s.defaultSchedule }})</mat-hint>
                    </mat-form-field>
                    <div class="buttons">
                      <button
                        mat-flat-button
                        type="submit"
                        [disabled]="busy() === s.key"
                        data-testid="schedule-cron-save"
                      >
                        Save
                      </button>
                      @if (s.schedule !== s.defaultSchedule) {
                        <button
                          mat-button
                          type="button"
                          (click)="restoreDefault(s)"
                          [disabled]="busy() === s.key"
                          data-testid="schedule-cron-default"
                        >
                          Restore default
                        </button>
                      }
                      <button mat-button type="button" (click)="cancelEdit()" data-testid="schedule-cron-cancel">
                        Cancel
                      </button>
                    </div>
                  </form>
                }
                @if (taskError.get(s.key); as e) {
                  <p class="error" role="alert" data-testid="schedule-error">{{ e }}</p>
                }
                @if (taskNote.get(s.key); as n) {
                  <p role="status" class="small">{{ n }}</p>
                }

                <div class="actions">
                  <button
                    mat-stroked-button
                    type="button"
                    (click)="run(s)"
                    [disabled]="s.running || busy() === s.key"
                    data-testid="schedule-run"
                    [attr.aria-label]="'Run now: ' + s.title"
                  >
                    Run now
                  </button>
                  @if (editing() !== s.key) {
                    <button
                      mat-button
                      type="button"
                      (click)="edit(s)"
                      data-testid="schedule-edit"
                      [attr.aria-label]="'Edit schedule: ' + s.title"
                    >
                      Edit schedule
                    </button>
                  }
                  <button
                    mat-button
                    type="button"
                    (click)="toggleHistory(s)"
                    [attr.aria-expanded]="history()[s.key] !== undefined"
                    [attr.aria-controls]="'runs-' + s.key"
                    data-testid="schedule-history"
                    [attr.aria-label]="'History: ' + s.title"
                  >
                    <span aria-hidden="true">{{ history()[s.key] !== undefined ? '▾' : '▸' }}</span> History
                  </button>
                </div>

                @if (history()[s.key]; as h) {
                  <div class="runs" [id]="'runs-' + s.key" data-testid="schedule-runs">
                    @if (h.error) {
                      <p class="error" role="alert">{{ h.error }}</p>
                    } @else if (h.runs === null) {
                      <p class="muted" role="status">Loading the history…</p>
                    } @else if (h.runs.length === 0) {
                      <p class="muted">This task has not run yet.</p>
                    } @else {
                      <ul aria-label="Runs">
                        @for (r of h.runs; track r.id) {
                          <li data-testid="schedule-run-item">
                            <span class="status" [class]="'status ' + r.status">{{ status(r.status) }}</span>
                            <span class="small"
                              >{{ when(r.startedAt) }} · {{ r.triggerType }}
                              @if (r.outcome) {
                                · <strong>{{ r.outcome }}</strong>
                              }
                            </span>
                            @if (r.message) {
                              <span class="msg small">{{ r.message }}</span>
                            }
                          </li>
                        }
                      </ul>
                    }
                  </div>
                }
              </li>
            }
          </ul>
        } @else if (!error()) {
          <p class="muted" role="status">Loading scheduled tasks…</p>
        }
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    .small {
      font: var(--mat-sys-body-small);
    }
    .tasks {
      list-style: none;
      padding: 0;
      margin: 0;
    }
    .task {
      padding: 12px 0;
      border-top: 1px solid var(--mat-sys-outline-variant);
    }
    .head {
      display: flex;
      flex-wrap: wrap;
      gap: 8px 16px;
      align-items: center;
      justify-content: space-between;
    }
    .title {
      display: flex;
      flex-direction: column;
      min-width: 0;
    }
    .name {
      font-weight: 500;
    }
    .desc {
      margin: 4px 0;
    }
    .facts {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
      gap: 4px 16px;
      margin: 8px 0;
    }
    dt {
      font: var(--mat-sys-label-medium);
      color: var(--mat-sys-on-surface-variant);
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    .edit {
      display: flex;
      flex-wrap: wrap;
      gap: 8px 12px;
      align-items: flex-start;
      margin: 8px 0;
    }
    .buttons {
      display: flex;
      flex-wrap: wrap;
      gap: 4px;
      padding-top: 8px;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 8px;
    }
    .status {
      font-size: 12px;
      padding: 1px 8px;
      border-radius: 8px;
      background: var(--mat-sys-surface-variant);
    }
    .status.success {
      background: var(--mat-sys-primary-container);
      color: var(--mat-sys-on-primary-container);
    }
    .status.error,
    .status.interrupted {
      background: var(--mat-sys-error-container);
      color: var(--mat-sys-on-error-container);
    }
    .status.running {
      background: var(--mat-sys-tertiary-container);
      color: var(--mat-sys-on-tertiary-container);
    }
    .runs ul {
      list-style: none;
      padding: 0 0 0 8px;
      margin: 8px 0 0;
      border-left: 2px solid var(--mat-sys-outline-variant);
    }
    .runs li {
      display: flex;
      flex-wrap: wrap;
      gap: 2px 8px;
      align-items: baseline;
      padding: 4px 0;
    }
    .msg {
      flex-basis: 100%;
      color: var(--mat-sys-on-surface-variant);
      overflow-wrap: anywhere;
    }
  `,
})
export class SchedulesSection implements OnInit {
  private readonly api = inject(Api);
  private readonly live = inject(Live);
  readonly cronMax = CRON_MAX;
  readonly schedules = signal<ScheduleEntry[] | null>(null);
  readonly timezone = signal<string | null>(null);
  readonly error = signal<string | null>(null);
  readonly busy = signal<string | null>(null);
  readonly editing = signal<string | null>(null);
  cronText = '';
  readonly taskError = new KeyMessages<string>();
  readonly taskNote = new KeyMessages<string>();
  /** Open histories by task key. */
  readonly history = signal<Record<string, History>>({});

  constructor() {
    merge(this.live.on('scheduleRunUpdated'), this.live.ready)
      .pipe(debounceTime(300), takeUntilDestroyed())
      .subscribe(() => void this.refresh());
  }

  ngOnInit(): void {
    void this.load();
  }

  when(iso: string | null | undefined, fallback = 'never'): string {
    return formatWhen(iso, fallback);
  }

  status(s: string): string {
    return runStatusLabel(s);
  }

  async load(): Promise<void> {
    try {
      const r = await this.api.get<ScheduleList>('/api/schedules');
      this.schedules.set(r.schedules);
      this.timezone.set(r.timezone);
      this.error.set(null);
    } catch (err) {
      this.error.set(toApiError(err).message);
    }
  }

  /** The list and every open history (after a run started or ended, or a reconnection). */
  private async refresh(): Promise<void> {
    await this.load();
    await Promise.all(Object.keys(this.history()).map((key) => this.loadRuns(key)));
  }

  private replace(entry: ScheduleEntry): void {
    this.schedules.update((list) => list?.map((s) => (s.key === entry.key ? entry : s)) ?? null);
  }

  private async patch(
    s: ScheduleEntry,
    body: { cron?: string | null; enabled?: boolean },
    note: string,
  ): Promise<boolean> {
    this.busy.set(s.key);
    this.taskError.set(s.key, null);
    this.taskNote.set(s.key, null);
    try {
      const r = await this.api.patch<ScheduleUpdated>(`/api/schedules/${encodeURIComponent(s.key)}`, body);
      this.replace(r.schedule);
      this.taskNote.set(s.key, note);
      return true;
    } catch (err) {
      this.taskError.set(s.key, toApiError(err).message);
      return false;
    } finally {
      this.busy.set(null);
    }
  }

  async setEnabled(s: ScheduleEntry, change: MatSlideToggleChange): Promise<void> {
    const enabled = change.checked;
    const ok = await this.patch(
      s,
      { enabled },
      enabled
        ? 'Enabled: the task runs on its schedule again.'
        : 'Disabled: the task no longer runs on its schedule (Run now still works).',
    );
    if (!ok) change.source.checked = !enabled; // put the toggle back
  }

  edit(s: ScheduleEntry): void {
    this.cronText = s.schedule;
    this.taskError.set(s.key, null);
    this.editing.set(s.key);
  }

  cancelEdit(): void {
    const key = this.editing();
    if (key) this.taskError.set(key, null);
    this.editing.set(null);
  }

  async saveCron(s: ScheduleEntry): Promise<void> {
    const cron = this.cronText.trim().replace(/\s+/g, ' ');
    if (cron === '') {
      this.taskError.set(s.key, 'Enter a cron schedule, or use Restore default.');
      return;
    }
    if (await this.patch(s, { cron }, `Schedule changed to ${cron}.`)) this.editing.set(null);
  }

  async restoreDefault(s: ScheduleEntry): Promise<void> {
    if (await this.patch(s, { cron: null }, `Schedule restored to the default ${s.defaultSchedule}.`))
      this.editing.set(null);
  }

  async run(s: ScheduleEntry): Promise<void> {
    this.busy.set(s.key);
    this.taskError.set(s.key, null);
    this.taskNote.set(s.key, null);
    try {
      const r = await this.api.post<TaskRunStarted>(`/api/schedules/${encodeURIComponent(s.key)}/run`);
      this.taskNote.set(s.key, r.message);
      await this.refreshTask(s.key);
    } catch (err) {
      this.taskError.set(s.key, toApiError(err).message);
    } finally {
      this.busy.set(null);
    }
  }

  private async refreshTask(key: string): Promise<void> {
    await this.load();
    if (this.history()[key]) await this.loadRuns(key);
  }

  async toggleHistory(s: ScheduleEntry): Promise<void> {
    if (this.history()[s.key]) {
      this.history.update((h) => {
        const next = { ...h };
        delete next[s.key];
        return next;
      });
      return;
    }
    this.history.update((h) => ({ ...h, [s.key]: { runs: null, error: null } }));
    await this.loadRuns(s.key);
  }

  private async loadRuns(key: string): Promise<void> {
    let next: History;
    try {
      const r = await this.api.get<TaskRunList>(`/api/schedules/${encodeURIComponent(key)}/runs`, { pageSize: 20 });
      next = { runs: r.runs, error: null };
    } catch (err) {
      next = { runs: this.history()[key]?.runs ?? null, error: toApiError(err).message };
    }
    // Closed meanwhile: keep it closed.
    this.history.update((h) => (h[key] ? { ...h, [key]: next } : h));
  }
}
