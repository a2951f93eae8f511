import { Component, inject, ChangeDetectionStrategy } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
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
import { TextField } from '../../shared/text-field';
import { AuthCard } from './auth-card';

@Component({
  selector: 'app-setup-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ReactiveFormsModule, AuthCard, FormSubmit, TextField],
  template: `
    <app-auth-card title="Set up vidkeep" [width]="460">
      <p class="muted">
        Enter the setup token from the server log (it is also in the file <code>setup-token</code> of the configuration
        directory, <code>CONFIG_DIR</code>) and choose the login.
      </p>
      <form [formGroup]="form" (ngSubmit)="submit()" novalidate>
        <app-text-field
          [control]="form.controls.token"
          label="Setup token"
          hint="64 hexadecimal characters"
          testId="setup-token"
        />
        <app-text-field
          [control]="form.controls.username"
          label="Username"
          autocomplete="username"
          [maxlength]="usernameMax"
          [hintEnd]="(form.value.username?.length ?? 0) + ' / ' + usernameMax"
          [error]="'A username is required (1 to ' + usernameMax + ' characters)'"
          testId="setup-username"
        />
        <app-text-field
          [control]="form.controls.password"
          label="Password"
          type="password"
          autocomplete="new-password"
          [hint]="passwordMin + ' to ' + passwordMax + ' characters'"
          [error]="'The password needs ' + passwordMin + ' to ' + passwordMax + ' characters'"
          testId="setup-password"
        />
        <app-text-field
          [control]="form.controls.confirmPassword"
          label="Confirm password"
          type="password"
          autocomplete="new-password"
          testId="setup-confirm"
        />
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
