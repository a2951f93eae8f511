import { ChangeDetectionStrategy, Component, OnInit, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatSlideToggleModule, type MatSlideToggleChange } from '@angular/material/slide-toggle';
import { BusyButton } from '../../shared/busy-button';
import type { ScheduleEntry, TaskRun } from './contracts';
import { debounceTime, merge } from 'rxjs';
import { toApiError } from '../../core/api';
import { SettingsApi } from './settings-api';
import { Live } from '../../core/live';
import { KeyMessages } from '../../shared/keyed';
import { formatWhen } from '../../shared/format';
import { runStatusLabel, outcomeText } from './settings-format';

/** contracts `CRON_MAX_LENGTH`. */
export const CRON_MAX = 100;

interface History {
  runs: TaskRun[] | null;
  error: string | null;
}

/** Section 6: the scheduler's tasks (`GET /api/schedules`), their cron, on/off, manual runs and history. */
@Component({
  selector: 'app-schedules-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    FormsModule,
    MatCardModule,
    MatFormFieldModule,
    MatInputModule,
    MatButtonModule,
    MatSlideToggleModule,
    BusyButton,
  ],
  templateUrl: './schedules-section.html',
  styleUrl: './schedules-section.css',
})
export class SchedulesSection implements OnInit {
  private readonly api = inject(SettingsApi);
  private readonly live = inject(Live);
  readonly cronMax = CRON_MAX;
  readonly schedules = signal<ScheduleEntry[] | null>(null);
  readonly timezone = signal<string | null>(null);
  readonly error = signal<string | null>(null);
  readonly busy = signal<string | null>(null);
  readonly editing = signal<string | null>(null);
  readonly cronText = signal('');
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

  readonly outcome = outcomeText;

  async load(): Promise<void> {
    try {
      const r = await this.api.schedules();
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
      const r = await this.api.updateSchedule(s.key, body);
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
    this.cronText.set(s.schedule);
    this.taskError.set(s.key, null);
    this.editing.set(s.key);
  }

  cancelEdit(): void {
    const key = this.editing();
    if (key) this.taskError.set(key, null);
    this.editing.set(null);
  }

  async saveCron(s: ScheduleEntry): Promise<void> {
    const cron = this.cronText().trim().replace(/\s+/g, ' ');
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
      const r = await this.api.runSchedule(s.key);
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
      const r = await this.api.scheduleRuns(key, 20);
      next = { runs: r.runs, error: null };
    } catch (err) {
      next = { runs: this.history()[key]?.runs ?? null, error: toApiError(err).message };
    }
    // Closed meanwhile: keep it closed.
    this.history.update((h) => (h[key] ? { ...h, [key]: next } : h));
  }
}
