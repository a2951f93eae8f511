import { HttpBackend, HttpClient } from '@angular/common/http';
import { Component, inject, signal } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { firstValueFrom } from 'rxjs';
import { toApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { CHANGE_PASSWORD_URL, type ChangePasswordBody } from './settings-api';
import { NEW_PASSWORD_VALIDATORS, PASSWORD_MAX, PASSWORD_MIN, sameValues } from '../../shared/account-rules';

/** Section 4: `POST /auth/change-password` (other sessions stay signed in, spec 5 rule 2). */
@Component({
  selector: 'app-password-section',
  imports: [ReactiveFormsModule, MatCardModule, MatFormFieldModule, MatInputModule, MatButtonModule],
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-password-title">Change password</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        <form [formGroup]="form" (ngSubmit)="submit()" novalidate aria-labelledby="settings-password-title">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>Current password</mat-label>
            <input
              matInput
              type="password"
              formControlName="currentPassword"
              autocomplete="current-password"
              data-testid="password-current"
            />
            @if (form.controls.currentPassword.hasError('wrong')) {
              <mat-error>The current password is not correct</mat-error>
            } @else {
              <mat-error>Enter your current password</mat-error>
            }
          </mat-form-field>
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>New password</mat-label>
            <input
              matInput
              type="password"
              formControlName="newPassword"
              autocomplete="new-password"
              [maxlength]="max"
              data-testid="password-new"
            />
            <mat-hint>{{ min }} to {{ max }} characters</mat-hint>
            <mat-hint align="end">{{ form.value.newPassword?.length ?? 0 }} / {{ max }}</mat-hint>
            <mat-error>The new password needs {{ min }} to {{ max }} characters</mat-error>
          </mat-form-field>
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>Confirm new password</mat-label>
            <input
              matInput
              type="password"
              formControlName="confirmPassword"
              autocomplete="new-password"
              data-testid="password-confirm"
            />
            <mat-error>Repeat the new password</mat-error>
          </mat-form-field>
          @if (
            form.hasError('mismatch') && form.controls.confirmPassword.touched && form.controls.confirmPassword.valid
          ) {
            <p class="error" role="alert">The new passwords do not match</p>
          }
          @if (error()) {
            <p class="error" role="alert" data-testid="password-error">{{ error() }}</p>
          }
          @if (done()) {
            <p role="status" data-testid="password-done">{{ done() }}</p>
          }
          <div>
            <button mat-flat-button type="submit" [disabled]="busy()" data-testid="password-submit">
              {{ busy() ? 'Changing…' : 'Change password' }}
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
  readonly busy = signal(false);
  readonly error = signal<string | null>(null);
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
    this.error.set(null);
    if (this.form.invalid) return;
    const { currentPassword, newPassword } = this.form.getRawValue();
    this.busy.set(true);
    try {
      const token = this.auth.token();
      await firstValueFrom(
        this.http.post(CHANGE_PASSWORD_URL, { currentPassword, newPassword } satisfies ChangePasswordBody, {
          headers: token ? { 'x-access-token': token } : {},
        }),
      );
      this.form.reset();
      this.done.set('Password changed. Your other sessions stay signed in: revoke them under Sessions if needed.');
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 401 && e.code !== 'AUTH_WRONG_PASSWORD') {
        this.auth.expired(); // the session itself is gone
        return;
      }
      if (e.code === 'AUTH_WRONG_PASSWORD') {
        this.form.controls.currentPassword.setErrors({ wrong: true });
      }
      this.error.set(e.message);
    } finally {
      this.busy.set(false);
    }
  }
}
