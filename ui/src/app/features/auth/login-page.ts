import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { ActivatedRoute, Router } from '@angular/router';
import { Auth, returnTarget } from '../../core/auth';
import { PASSWORD_MAX, USERNAME_MAX } from '../../shared/account-rules';
import { FormSubmit } from '../../shared/form-submit';
import { PendingAction } from '../../shared/pending-action';
import { AuthCard } from './auth-card';

@Component({
  selector: 'app-login-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ReactiveFormsModule, AuthCard, FormSubmit, MatFormFieldModule, MatInputModule],
  template: `
    <app-auth-card title="Sign in to vidkeep">
      <form [formGroup]="form" (ngSubmit)="submit()" novalidate>
        <mat-form-field appearance="outline">
          <mat-label>Username</mat-label>
          <input
            matInput
            formControlName="username"
            autocomplete="username"
            [maxlength]="usernameMax"
            data-testid="login-username"
          />
        </mat-form-field>
        <mat-form-field appearance="outline">
          <mat-label>Password</mat-label>
          <input
            matInput
            type="password"
            formControlName="password"
            autocomplete="current-password"
            [maxlength]="passwordMax"
            data-testid="login-password"
          />
        </mat-form-field>
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
