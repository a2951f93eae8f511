import { HttpBackend, HttpClient } from '@angular/common/http';
import { Component, inject, signal, ChangeDetectionStrategy } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { firstValueFrom } from 'rxjs';
import { toApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { PendingAction } from '../../shared/pending-action';
import { TextField } from '../../shared/text-field';
import { CHANGE_PASSWORD_URL, type ChangePasswordBody } from './settings-api';
import { NEW_PASSWORD_VALIDATORS, PASSWORD_MAX, PASSWORD_MIN, sameValues } from '../../shared/account-rules';

/** Section 4: `POST /auth/change-password` (other sessions stay signed in, spec 5 rule 2). */
@Component({
  selector: 'app-password-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ReactiveFormsModule, MatCardModule, MatButtonModule, TextField],
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-password-title">Change password</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        @let c = form.controls;
        <form [formGroup]="form" (ngSubmit)="submit()" novalidate aria-labelledby="settings-password-title">
          <app-text-field
            [control]="c.currentPassword"
            label="Current password"
            type="password"
            autocomplete="current-password"
            [error]="
              c.currentPassword.hasError('wrong')
                ? 'The current password is not correct'
                : 'Enter your current password'
            "
            subscriptSizing="dynamic"
            testId="password-current"
          />
          <app-text-field
            [control]="c.newPassword"
            label="New password"
            type="password"
            autocomplete="new-password"
            [maxlength]="max"
            [hint]="min + ' to ' + max + ' characters'"
            [hintEnd]="(form.value.newPassword?.length ?? 0) + ' / ' + max"
            [error]="'The new password needs ' + min + ' to ' + max + ' characters'"
            subscriptSizing="dynamic"
            testId="password-new"
          />
          <app-text-field
            [control]="c.confirmPassword"
            label="Confirm new password"
            type="password"
            autocomplete="new-password"
            error="Repeat the new password"
            subscriptSizing="dynamic"
            testId="password-confirm"
          />
          @if (form.hasError('mismatch') && c.confirmPassword.touched && c.confirmPassword.valid) {
            <p class="error" role="alert">The new passwords do not match</p>
          }
          @if (changing.error(); as e) {
            <p class="error" role="alert" data-testid="password-error">{{ e }}</p>
          }
          @if (done()) {
            <p role="status" data-testid="password-done">{{ done() }}</p>
          }
          <div>
            <button mat-flat-button type="submit" [disabled]="changing.busy()" data-testid="password-submit">
              {{ changing.busy() ? 'Changing…' : 'Change password' }}
            </button>
          </div>
        </form>
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    form {
      display: flex;
      flex-direction: column;
      gap: 12px;
      max-width: 420px;
    }
  `,
})
export class PasswordSection {
  private readonly auth = inject(Auth);
  /**
   * Without interceptors: the shared one treats every 401 as an ended session, but here a 401
   * (`AUTH_WRONG_PASSWORD`) only means the current password was mistyped.
   */
  private readonly http = new HttpClient(inject(HttpBackend));
  readonly min = PASSWORD_MIN;
  readonly max = PASSWORD_MAX;
  readonly changing = new PendingAction();
  readonly done = signal<string | null>(null);
  readonly form = new FormGroup(
    {
      currentPassword: new FormControl('', {
        nonNullable: true,
        validators: [Validators.required, Validators.maxLength(PASSWORD_MAX)],
      }),
      newPassword: new FormControl('', { nonNullable: true, validators: NEW_PASSWORD_VALIDATORS }),
      confirmPassword: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
    },
    { validators: sameValues('newPassword', 'confirmPassword') },
  );

  async submit(): Promise<void> {
    this.form.markAllAsTouched();
    this.done.set(null);
    this.changing.error.set(null);
    if (this.form.invalid) return;
    const { currentPassword, newPassword } = this.form.getRawValue();
    await this.changing.run(async () => {
      try {
        const token = this.auth.token();
        await firstValueFrom(
          this.http.post(CHANGE_PASSWORD_URL, { currentPassword, newPassword } satisfies ChangePasswordBody, {
            headers: token ? { 'x-access-token': token } : {},
          }),
        );
      } catch (err) {
        const e = toApiError(err);
        if (e.status === 401 && e.code !== 'AUTH_WRONG_PASSWORD') {
          this.auth.expired(); // the session itself is gone
          return;
        }
        if (e.code === 'AUTH_WRONG_PASSWORD') this.form.controls.currentPassword.setErrors({ wrong: true });
        throw e;
      }
      this.form.reset();
      this.done.set('Password changed. Your other sessions stay signed in: revoke them under Sessions if needed.');
    });
  }
}
