import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { ActivatedRoute, Router } from '@angular/router';
import { Auth, returnTarget } from '../../core/auth';
import { PASSWORD_MAX, USERNAME_MAX } from '../../shared/account-rules';
import { FormSubmit } from '../../shared/form-submit';
import { PendingAction } from '../../shared/pending-action';
import { TextField } from '../../shared/text-field';
import { AuthCard } from './auth-card';

@Component({
  selector: 'app-login-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ReactiveFormsModule, AuthCard, FormSubmit, TextField],
  template: `
    <app-auth-card title="Sign in to vidkeep">
      <form [formGroup]="form" (ngSubmit)="submit()" novalidate>
        <app-text-field
          [control]="form.controls.username"
          label="Username"
          autocomplete="username"
          [maxlength]="usernameMax"
          testId="login-username"
        />
        <app-text-field
          [control]="form.controls.password"
          label="Password"
          type="password"
          autocomplete="current-password"
          [maxlength]="passwordMax"
          testId="login-password"
        />
        <app-form-submit [action]="signIn" text="Sign in" testId="login" />
      </form>
    </app-auth-card>
  `,
})
export class LoginPage {
  private readonly auth = inject(Auth);
  private readonly router = inject(Router);
  private readonly route = inject(ActivatedRoute);
  readonly usernameMax = USERNAME_MAX;
  readonly passwordMax = PASSWORD_MAX;
  readonly signIn = new PendingAction();
  readonly form = new FormGroup({
    username: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
    password: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
  });

  async submit(): Promise<void> {
    if (this.form.invalid) {
      this.form.markAllAsTouched();
      return;
    }
    const { username, password } = this.form.getRawValue();
    await this.signIn.run(async () => {
      await this.auth.login(username, password);
      await this.router.navigateByUrl(returnTarget(this.route.snapshot.queryParamMap.get('returnUrl')));
    });
  }
}
