import { ChangeDetectionStrategy, Component, inject, signal, viewChild } from '@angular/core';
import { FormControl, FormGroup, FormGroupDirective } from '@angular/forms';
import { MatCardModule } from '@angular/material/card';
import type { SubfolderEntry } from '@vidkeep/contracts';
import { toApiError } from '../../core/api';
import { ConfirmButton } from '../../shared/confirm-button';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { ShowWhenDirty, hintValidator, subfolderHint } from '../../shared/field-rules';
import { KeyMessages, KeySet } from '../../shared/keyed';
import { PendingAction } from '../../shared/pending-action';
import { subfolderUsage } from './files-format';
import { LibraryFilesApi } from './library-files-api';

const required = hintValidator((v) => (v.trim() ? subfolderHint(v) : 'Give a name'));

/**
 * The subfolder registry (`/api/subfolders`): every subfolder with what uses it, adding a name,
 * and deleting one that nothing uses (the server's 409 reasons shown in words beside it).
 */
@Component({
  selector: 'app-subfolders-card',
  imports: [FORM_CONTROLS, MatCardModule, ConfirmButton],
  template: `
    <mat-card appearance="outlined" class="card" data-testid="subfolders-card">
      <h2 id="subfolders-title">Subfolders</h2>
      <p class="hint">
        A subfolder groups downloads in <code>__Name</code> inside the output directory (one media-server library per
        subfolder, for example). Channels and playlists choose theirs in their settings. One that channels, playlists,
        the default setting or a Plex library mapping use, or whose folder holds files, cannot be deleted.
      </p>
      @if (loading.error(); as e) {
        <div class="error" role="alert" data-testid="subfolders-load-error">
          <p>{{ e }}</p>
          <button mat-stroked-button type="button" (click)="load()">Try again</button>
        </div>
      }
      @if (list(); as entries) {
        @if (entries.length === 0) {
          <p class="muted" data-testid="subfolders-empty">No subfolders yet: every download goes to the root.</p>
        } @else {
          <ul class="subfolders" aria-label="Subfolders">
            @for (e of entries; track e.name) {
              <li [attr.data-testid]="'subfolder-' + e.name">
                <div class="row">
                  <div class="name">
                    <code>{{ e.displayName }}</code>
                    <span class="muted small" data-testid="subfolder-usage">{{ usage(e) }}</span>
                  </div>
                  <app-confirm-button
                    text="Delete"
                    [disabled]="!e.deletable"
                    [describedBy]="e.deletable ? null : 'why-' + $index"
                    [label]="'Confirm deleting ' + e.displayName"
                    [question]="'Delete ' + e.displayName + '?'"
                    confirmText="Delete"
                    busyText="Deleting…"
                    [busy]="busy.has(e.name)"
                    [small]="true"
                    testId="subfolder-delete"
                    (confirmed)="remove(e)"
                  />
                </div>
                @if (!e.deletable) {
                  <p class="muted small" [id]="'why-' + $index" data-testid="subfolder-why">
                    Cannot be deleted: {{ e.reasons.join('; ') }}.
                  </p>
                }
                @if (errors.get(e.name); as err) {
                  <p class="error small" role="alert" data-testid="subfolder-error">{{ err }}</p>
                }
              </li>
            }
          </ul>
        }
      }
      <form [formGroup]="addForm" (ngSubmit)="add()" novalidate class="add" aria-label="Add a subfolder">
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label>New subfolder</mat-label>
          <input
            matInput
            formControlName="name"
            autocomplete="off"
            [errorStateMatcher]="matcher"
            data-testid="subfolder-name"
          />
          <mat-hint>One folder name; it is stored as __Name.</mat-hint>
          <mat-error>{{ name.errors?.['hint'] }}</mat-error>
        </mat-form-field>
        <button mat-flat-button type="submit" [disabled]="adding.busy()" data-testid="subfolder-add">Add</button>
      </form>
      @if (adding.error(); as e) {
        <p class="error" role="alert" data-testid="subfolder-add-error">{{ e }}</p>
      }
      @if (notice(); as n) {
        <p role="status" data-testid="subfolder-notice">{{ n }}</p>
      }
    </mat-card>
  `,
  styleUrl: './files-page.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SubfoldersCard {
  private readonly api = inject(LibraryFilesApi);
  readonly list = signal<SubfolderEntry[] | null>(null);
  readonly loading = new PendingAction();
  readonly notice = signal<string | null>(null);
  readonly name = new FormControl('', { nonNullable: true, validators: [required] });
  readonly addForm = new FormGroup({ name: this.name });
  /** The add form's directive: resetting it forgets the submit, so the emptied field is not shown as wrong. */
  private readonly addDirective = viewChild(FormGroupDirective);
  readonly matcher = new ShowWhenDirty();
  readonly adding = new PendingAction('Not added: ');
  readonly busy = new KeySet<string>();
  readonly errors = new KeyMessages<string>();
  readonly usage = subfolderUsage;

  constructor() {
    void this.load();
  }

  async load(): Promise<void> {
    await this.loading.run(async () => this.list.set(await this.api.subfolders()));
  }

  add(): void {
    this.notice.set(null);
    if (this.name.invalid) {
      this.name.markAsTouched();
      return;
    }
    void this.adding.run(async () => {
      const r = await this.api.addSubfolder(this.name.value.trim());
      this.notice.set(r.created ? `Added __${r.name}.` : `__${r.name} was already there.`);
      this.addDirective()?.resetForm();
      await this.load();
    });
  }

  async remove(e: SubfolderEntry): Promise<void> {
    this.busy.set(e.name);
    this.errors.set(e.name, null);
    this.notice.set(null);
    try {
      const r = await this.api.removeSubfolder(e.name);
      this.notice.set(`Deleted ${e.displayName}${r.folderRemoved ? ' and its empty folder' : ''}.`);
      await this.load();
    } catch (err) {
      const a = toApiError(err);
      // A 409 lists why in `details`; the message says it in one sentence.
      this.errors.set(e.name, a.message);
      await this.load();
    } finally {
      this.busy.set(e.name, false);
    }
  }
}
