import { ChangeDetectionStrategy, Component, inject, input } from '@angular/core';
import { ReactiveFormsModule, type FormControl } from '@angular/forms';
import { ErrorStateMatcher } from '@angular/material/core';
import { MatFormFieldModule, type FloatLabelType, type SubscriptSizing } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';

/**
 * One text input of a reactive form in an outlined `mat-form-field`: its label, an optional
 * suffix, hint (start and end) and error text. The input carries `testId` as its `data-testid`.
 * For a field with more in it (a select, a toggle, a button) write the `mat-form-field` out.
 */
@Component({
  selector: 'app-text-field',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ReactiveFormsModule, MatFormFieldModule, MatInputModule],
  template: `
    <mat-form-field appearance="outline" [subscriptSizing]="subscriptSizing()" [floatLabel]="floatLabel()">
      <mat-label>{{ label() }}</mat-label>
      <input
        matInput
        [type]="type()"
        [formControl]="control()"
        [autocomplete]="autocomplete()"
        [attr.inputmode]="inputmode()"
        [attr.maxlength]="maxlength()"
        [errorStateMatcher]="matcher()"
        [attr.data-testid]="testId()"
      />
      @if (suffix()) {
        <span matTextSuffix class="suffix">{{ suffix() }}</span>
      }
      @if (hint()) {
        <mat-hint>{{ hint() }}</mat-hint>
      }
      @if (hintEnd()) {
        <mat-hint align="end">{{ hintEnd() }}</mat-hint>
      }
      @if (error()) {
        <mat-error>{{ error() }}</mat-error>
      }
    </mat-form-field>
  `,
  styles: `
    :host {
      display: contents;
    }
    .suffix {
      white-space: nowrap;
      padding-left: 4px;
    }
  `,
})
export class TextField {
  readonly control = input.required<FormControl>();
  readonly label = input.required<string>();
  readonly testId = input.required<string>();
  readonly type = input('text');
  readonly autocomplete = input('off');
  readonly inputmode = input<string | null>(null);
  readonly maxlength = input<number | null>(null);
  readonly suffix = input('');
  readonly hint = input('');
  readonly hintEnd = input('');
  /** Shown while the control is invalid (and touched, or as `matcher` decides). */
  readonly error = input<string | null>('');
  readonly matcher = input<ErrorStateMatcher>(inject(ErrorStateMatcher));
  readonly subscriptSizing = input<SubscriptSizing>('fixed');
  readonly floatLabel = input<FloatLabelType>('auto');
}
