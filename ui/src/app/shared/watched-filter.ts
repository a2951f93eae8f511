import { Component, input, output, ChangeDetectionStrategy } from '@angular/core';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { WATCHED_STATE_CHOICES, type WatchedState } from './watch-state';

/**
 * The watched filter of a video list (any, watched, unwatched, unknown), a form field that lines
 * up with the list controls (give it the class `before-sort` there). Test id `<testId>`.
 */
@Component({
  selector: 'app-watched-filter',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatFormFieldModule, MatSelectModule],
  template: `
    <mat-form-field appearance="outline">
      <mat-label>Watched</mat-label>
      <mat-select [value]="value()" (valueChange)="changed.emit($event)" [attr.data-testid]="testId()">
        @for (o of choices; track o.value) {
          <mat-option [value]="o.value">{{ o.label }}</mat-option>
        }
      </mat-select>
    </mat-form-field>
  `,
  styles: `
    :host {
      display: block;
    }
    mat-form-field {
      width: 100%;
    }
  `,
})
export class WatchedFilter {
  readonly value = input.required<WatchedState>();
  readonly testId = input.required<string>();
  readonly changed = output<WatchedState>();
  readonly choices = WATCHED_STATE_CHOICES;
}
