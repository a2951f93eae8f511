import { Component, computed, input, output, ChangeDetectionStrategy } from '@angular/core';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';

/** Date, length and size bounds of a list as typed: '' = no bound. */
export interface Ranges {
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  /** Minutes. */
  minLength: string;
  maxLength: string;
  /** Megabytes. */
  minSize: string;
  maxSize: string;
}

export const NO_RANGES: Ranges = { from: '', to: '', minLength: '', maxLength: '', minSize: '', maxSize: '' };

export const rangesActive = (r: Ranges): boolean => Object.values(r).some((v) => v !== '');

const whole = (text: string, factor: number): number | undefined => {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : Math.round(n * factor);
};
const day = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);

/**
 * The query fields of the bounds (lengths in seconds, sizes in bytes), empty and unusable ones
 * left out; `names` says what the list calls its date bounds.
 */
export function rangeQuery(
  r: Ranges,
  names: { from: string; to: string } = { from: 'downloadedFrom', to: 'downloadedTo' },
  withSize = true,
): Record<string, string | number> {
  const out: Record<string, string | number | undefined> = {
    [names.from]: day(r.from),
    [names.to]: day(r.to),
    minDuration: whole(r.minLength, 60),
    maxDuration: whole(r.maxLength, 60),
    ...(withSize ? { minSize: whole(r.minSize, 1024 * 1024), maxSize: whole(r.maxSize, 1024 * 1024) } : {}),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
}

interface NumberField {
  key: 'minLength' | 'maxLength' | 'minSize' | 'maxSize';
  label: string;
  testId: string;
}

const LENGTH_FIELDS: readonly NumberField[] = [
  { key: 'minLength', label: 'Min. minutes', testId: 'min-length' },
  { key: 'maxLength', label: 'Max. minutes', testId: 'max-length' },
];
const SIZE_FIELDS: readonly NumberField[] = [
  { key: 'minSize', label: 'Min. MB', testId: 'min-size' },
  { key: 'maxSize', label: 'Max. MB', testId: 'max-size' },
];

/** The "more filters" of a list: a date range, a length range in minutes, optionally a size range in MB. */
@Component({
  selector: 'app-range-filters',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatFormFieldModule, MatInputModule],
  template: `
    @let r = value();
    <fieldset class="ranges">
      <legend class="muted small">{{ dateLabel() }}, length{{ withSize() ? ', size' : '' }}</legend>
      <mat-form-field appearance="outline" subscriptSizing="dynamic">
        <mat-label>{{ dateLabel() }} from</mat-label>
        <input
          matInput
          type="date"
          [value]="r.from"
          (change)="set('from', $event)"
          [attr.data-testid]="testId() + '-from'"
        />
      </mat-form-field>
      <mat-form-field appearance="outline" subscriptSizing="dynamic">
        <mat-label>{{ dateLabel() }} until</mat-label>
        <input matInput type="date" [value]="r.to" (change)="set('to', $event)" [attr.data-testid]="testId() + '-to'" />
      </mat-form-field>
      @for (f of numberFields(); track f.key) {
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="num">
          <mat-label>{{ f.label }}</mat-label>
          <input
            matInput
            type="number"
            min="0"
            [value]="r[f.key]"
            (change)="set(f.key, $event)"
            [attr.data-testid]="testId() + '-' + f.testId"
          />
        </mat-form-field>
      }
    </fieldset>
  `,
  styles: `
    .ranges {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      border: 0;
      margin: 8px 0 0;
      padding: 0;
    }
    .ranges legend {
      padding: 0;
      margin-bottom: 4px;
    }
    .num {
      width: 120px;
    }
  `,
})
export class RangeFilters {
  readonly value = input.required<Ranges>();
  readonly dateLabel = input('Downloaded');
  readonly withSize = input(true);
  readonly testId = input('ranges');
  readonly changed = output<Ranges>();
  /** The length bounds, and the size bounds when the list has sizes. */
  protected readonly numberFields = computed(() =>
    this.withSize() ? [...LENGTH_FIELDS, ...SIZE_FIELDS] : LENGTH_FIELDS,
  );

  set(key: keyof Ranges, event: Event): void {
    const text = (event.target as HTMLInputElement).value;
    if (text === this.value()[key]) return;
    this.changed.emit({ ...this.value(), [key]: text });
  }
}
