import { Component, inject } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { Router } from '@angular/router';
import { Auth } from '../../core/auth';
import {
  NEW_PASSWORD_VALIDATORS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  sameValues,
} from '../../shared/account-rules';
import { FormSubmit } from '../../shared/form-submit';
import { PendingAction } from '../../shared/pending-action';
import { AuthCard } from './auth-card';

@Component({
  selector: 'app-setup-page',
  imports: [ReactiveFormsModule, AuthCard, FormSubmit, MatFormFieldModule, MatInputModule],
  template: `
    <app-auth-card title="Set up vidkeep" [width]="460">
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
        <app-form-submit [action]="setup" text="Create login" testId="setup" />
      </form>
    </app-auth-card>
  `,
})
export class SetupPage {
  private readonly auth = inject(Auth);
  private readonly router = inject(Router);
  readonly usernameMax = USERNAME_MAX;
  readonly passwordMin = PASSWORD_MIN;
  readonly passwordMax = PASSWORD_MAX;
  readonly setup = new PendingAction();
  readonly form = new FormGroup(
    {
      token: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
      username: new FormControl('', {
        nonNullable: true,
        validators: [Validators.required, Validators.maxLength(USERNAME_MAX)],
      }),
      password: new FormControl('', { nonNullable: true, validators: NEW_PASSWORD_VALIDATORS }),
      confirmPassword: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
    },
    { validators: sameValues('password', 'confirmPassword') },
  );

  async submit(): Promise<void> {
    this.form.markAllAsTouched();
    if (this.form.invalid) return;
    const value = this.form.getRawValue();
    await this.setup.run(async () => {
      await this.auth.completeSetup({ ...value, token: value.token.trim() });
      await this.router.navigate(['/downloads']);
    });
  }
}
