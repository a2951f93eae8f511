import { ChangeDetectionStrategy, Component, computed, effect, input, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatSelectModule } from '@angular/material/select';
import type { ConfigField, FieldOption } from '../../shared/config-form/config-fields';
import type { ConfigForm } from '../../shared/config-form/config-form';
import type { SubfolderLibrary } from './subfolder-library-rule';

/**
 * `plexSubfolderLibraryMappings` as rows: a subfolder (empty: the root of the download folder)
 * and the library Plex scans when downloads land there; add and remove rows. The rows are the
 * value of the key's form control, so saving and "unsaved changes" work as for any key.
 */
@Component({
  selector: 'app-subfolder-libraries',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, MatFormFieldModule, MatInputModule, MatSelectModule],
  template: `
    @let f = field();
    <fieldset class="mappings" data-testid="config-plexSubfolderLibraryMappings">
      <legend>{{ f.label }}</legend>
      <p class="hint">{{ cf().hintOf(f) }}</p>
      @for (row of rows(); track $index; let i = $index) {
        <div class="row" data-testid="mapping-row">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>Subfolder {{ i + 1 }}</mat-label>
            <input
              matInput
              [value]="row.subfolder ?? ''"
              (input)="edit(i, { subfolder: $any($event.target).value || null })"
              placeholder="empty: the root folder"
              autocomplete="off"
              spellcheck="false"
            />
          </mat-form-field>
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>Library for subfolder {{ i + 1 }}</mat-label>
            @if (choices(); as list) {
              <mat-select [value]="row.libraryId" (valueChange)="edit(i, { libraryId: $event })">
                @for (o of list; track o.value) {
                  <mat-option [value]="o.value">{{ o.label }}</mat-option>
                }
              </mat-select>
            } @else {
              <input
                matInput
                inputmode="numeric"
                [value]="row.libraryId"
                (input)="edit(i, { libraryId: $any($event.target).value })"
              />
            }
          </mat-form-field>
          <button mat-button type="button" (click)="remove(i)" [attr.aria-label]="'Remove subfolder ' + (i + 1)">
            Remove
          </button>
        </div>
      }
      @if (error(); as e) {
        <p class="error" role="alert">{{ e }}</p>
      }
      <button mat-stroked-button type="button" (click)="add()" data-testid="mapping-add">Add a subfolder</button>
    </fieldset>
  `,
  styles: `
    .mappings {
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 12px;
      padding: 4px 12px 12px;
      margin: 0;
      min-width: 0;
    }
    .hint {
      font: var(--mat-sys-body-small);
      color: var(--mat-sys-on-surface-variant);
      margin: 0 0 8px;
    }
    .row {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
      gap: 8px;
      align-items: center;
      margin-bottom: 8px;
    }
    @media (max-width: 599px) {
      .row {
        grid-template-columns: minmax(0, 1fr) auto;
      }
      .row mat-form-field:first-child {
        grid-column: 1 / -1;
      }
    }
  `,
})
export class SubfolderLibraries {
  readonly field = input.required<ConfigField>();
  readonly cf = input.required<ConfigForm>();
  /** The libraries Plex listed; null until listed (a library id is typed then). */
  readonly choices = input<readonly FieldOption[] | null>(null);
  private readonly control = computed(() => this.cf().form().controls[this.field().key]!);
  /** Bumped by every event of the control (value, errors, touched), which are not signals. */
  private readonly changes = signal(0);
  readonly rows = computed((): SubfolderLibrary[] => {
    this.changes();
    const v = this.control().value;
    return Array.isArray(v) ? (v as SubfolderLibrary[]) : [];
  });
  readonly error = computed(() => {
    this.changes();
    return this.cf().errorOf(this.field().key);
  });

  constructor() {
    effect((onCleanup) => {
      const sub = this.control().events.subscribe(() => this.changes.update((n) => n + 1));
      onCleanup(() => sub.unsubscribe());
    });
  }

  edit(index: number, change: Partial<SubfolderLibrary>): void {
    this.write(this.rows().map((r, i) => (i === index ? { ...r, ...change } : r)));
  }

  add(): void {
    this.write([...this.rows(), { subfolder: null, libraryId: '' }]);
  }

  remove(index: number): void {
    this.write(this.rows().filter((_, i) => i !== index));
  }

  private write(rows: SubfolderLibrary[]): void {
    const c = this.control();
    c.setValue(rows);
    c.markAsDirty();
    c.markAsTouched();
  }
}
