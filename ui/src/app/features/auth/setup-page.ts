import { Component, inject, signal } from '@angular/core';
import {
  FormControl,
  FormGroup,
  ReactiveFormsModule,
  Validators,
  type AbstractControl,
  type ValidationErrors,
} from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { Router } from '@angular/router';
import { toApiError } from '../../core/api';
import { Auth } from '../../core/auth';

/** Spec limits (section 8), shown inline. */
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

const sameAsPassword = (group: AbstractControl): ValidationErrors | null =>
  group.get('password')?.value === group.get('confirmPassword')?.value ? null : { mismatch: true };

@Component({
  selector: 'app-setup-page',
  imports: [ReactiveFormsModule, MatCardModule, MatFormFieldModule, MatInputModule, MatButtonModule],
  template: `
    <mat-card class="card">
      <mat-card-header
        ><mat-card-title><h1>Set up vidkeep</h1></mat-card-title></mat-card-header
      >
      <mat-card-content>
        <p class="muted">
          Enter the setup token from the server log (or the file <code>config/setup-token</code>) and choose the login.
        </p>
        <form [formGroup]="form" (ngSubmit)="submit()" novalidate>
          <mat-form-field appearance="outline">
            <mat-label>Setup token</mat-label>
            <input matInput formControlName="token" autocomplete="off" data-testid="setup-token" />
            <mat-hint>64 hexadecimal characters</mat-hint>
          </mat-form-field>
          <mat-form-field appearance="outline">
            <mat-label>Username</mat-label>
            <input
              matInput
              formControlName="username"
              autocomplete="username"
              [maxlength]="usernameMax"
              data-testid="setup-username"
            />
            <mat-hint align="end">{{ form.value.username?.length ?? 0 }} / {{ usernameMax }}</mat-hint>
            @if (form.controls.username.hasError('required')) {
              <mat-error>A username is required (1 to {{ usernameMax }} characters)</mat-error>
            }
          </mat-form-field>
          <mat-form-field appearance="outline">
            <mat-label>Password</mat-label>
            <input
              matInput
              type="password"
              formControlName="password"
              autocomplete="new-password"
              data-testid="setup-password"
            />
            <mat-hint>{{ passwordMin }} to {{ passwordMax }} characters</mat-hint>
            @if (form.controls.password.invalid) {
              <mat-error>The password needs {{ passwordMin }} to {{ passwordMax }} characters</mat-error>
            }
          </mat-form-field>
          <mat-form-field appearance="outline">
            <mat-label>Confirm password</mat-label>
            <input
              matInput
              type="password"
              formControlName="confirmPassword"
              autocomplete="new-password"
              data-testid="setup-confirm"
            />
          </mat-form-field>
          @if (form.hasError('mismatch') && form.controls.confirmPassword.touched) {
            <p class="error" role="alert">The passwords do not match</p>
          }
          @if (error()) {
            <p class="error" role="alert" data-testid="setup-error">{{ error() }}</p>
          }
          <button mat-flat-button type="submit" [disabled]="busy()" data-testid="setup-submit">Create login</button>
        </form>
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    .card {
      max-width: 460px;
      margin: 48px auto;
    }
    form {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
  `,
})
export class SetupPage {
  private readonly auth = inject(Auth);
  private readonly router = inject(Router);
  readonly usernameMax = USERNAME_MAX;
  readonly passwordMin = PASSWORD_MIN;
  readonly passwordMax = PASSWORD_MAX;
  readonly busy = signal(false);
  readonly error = signal<string | null>(null);
  readonly form = new FormGroup(
    {
      token: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
      username: new FormControl('', {
        nonNullable: true,
        validators: [Validators.required, Validators.maxLength(USERNAME_MAX)],
      }),
      password: new FormControl('', {
        nonNullable: true,
        validators: [Validators.required, Validators.minLength(PASSWORD_MIN), Validators.maxLength(PASSWORD_MAX)],
      }),
      confirmPassword: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
    },
    { validators: sameAsPassword },
  );

  async submit(): Promise<void> {
    this.form.markAllAsTouched();
    if (this.form.invalid) return;
    this.busy.set(true);
    this.error.set(null);
    try {
      await this.auth.completeSetup({ ...this.form.getRawValue(), token: this.form.getRawValue().token.trim() });
      await this.router.navigate(['/downloads']);
    } catch (err) {
      this.error.set(toApiError(err).message);
    } finally {
      this.busy.set(false);
    }
  }
}
