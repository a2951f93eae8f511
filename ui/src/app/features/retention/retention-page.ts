import {
  Component,
  DestroyRef,
  ElementRef,
  Injector,
  afterNextRender,
  inject,
  ChangeDetectionStrategy,
} from '@angular/core';
import { MatCardModule } from '@angular/material/card';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { RouterLink } from '@angular/router';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { ShowWhenDirty } from '../../shared/field-rules';
import { formatWhen } from '../../shared/format';
import { BusyButton } from '../../shared/busy-button';
import { TextField } from '../../shared/text-field';
import { revealAfterRender } from '../../shared/reveal';
import { RemovalPlan } from './removal-plan';
import { AGE_CHOICES, RULE_CHOICES, SPACE_UNITS } from './retention-model';
import { runWhen } from './removal-words';
import { RetentionSettings } from './retention-settings';

/**
 * Settings, Retention: automatic removal's switch, each strategy with its threshold (age,
 * watched with its two day limits and the watched rule, free space), the keep-recent count,
 * Save; Preview (the dry run with the unsaved values: how many videos, which ones, how many
 * bytes, per strategy and in total, skipped strategies with why); and the last run's result.
 * The state is in `RetentionSettings`; a result is shown by `RemovalPlan`.
 */
@Component({
  selector: 'app-retention-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    FORM_CONTROLS,
    MatCardModule,
    MatProgressBarModule,
    MatSlideToggleModule,
    RouterLink,
    RemovalPlan,
    TextField,
    BusyButton,
  ],
  templateUrl: './retention-page.html',
  styleUrls: [
    '../../shared/badges.css',
    '../../shared/page-column.css',
    '../../shared/form-actions.css',
    './retention-page.css',
  ],
})
export class RetentionPage {
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  private readonly injector = inject(Injector);
  readonly s = new RetentionSettings({
    invalid: () => this.focusFirstProblem(),
    previewed: () => revealAfterRender(this.host, '#retention-preview-title', this.injector),
  });
  readonly ageChoices = AGE_CHOICES;
  readonly ruleChoices = RULE_CHOICES;
  readonly units = SPACE_UNITS;
  readonly matcher = new ShowWhenDirty();
  readonly when = (iso: string | null) => formatWhen(iso, 'at an unknown time');
  readonly runWhen = runWhen;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.s.stop());
    void this.s.load();
  }

  private focusFirstProblem(): void {
    afterNextRender(() => this.host.querySelector<HTMLElement>('input.ng-invalid, mat-select.ng-invalid')?.focus(), {
      injector: this.injector,
    });
  }
}
