import { Component, inject, signal } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { Router } from '@angular/router';
import { toApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { PASSWORD_MAX, USERNAME_MAX } from './setup-page';

@Component({
  selector: 'app-login-page',
  imports: [ReactiveFormsModule, MatCardModule, MatFormFieldModule, MatInputModule, MatButtonModule],
  template: `
    <mat-card class="card">
      <mat-card-header
        ><mat-card-title><h1>Sign in to vidkeep</h1></mat-card-title></mat-card-header
      >
      <mat-card-content>
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
          @if (error()) {
            <p class="error" role="alert" data-testid="login-error">{{ error() }}</p>
          }
          <button mat-flat-button type="submit" [disabled]="busy()" data-testid="login-submit">Sign in</button>
        </form>
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    .card {
      max-width: 420px;
      margin: 48px auto;
    }
    form {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
  `,
})
export class LoginPage {
  private readonly auth = inject(Auth);
  private readonly router = inject(Router);
  readonly usernameMax = USERNAME_MAX;
  readonly passwordMax = PASSWORD_MAX;
  readonly busy = signal(false);
  readonly error = signal<string | null>(null);
  readonly form = new FormGroup({
    username: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
    password: new FormControl('', { nonNullable: true, validators: [Validators.required] }),
  });

  async submit(): Promise<void> {
    if (this.form.invalid) {
      this.form.markAllAsTouched();
      return;
    }
    this.busy.set(true);
    this.error.set(null);
    try {
      await this.auth.login(this.form.getRawValue().username, this.form.getRawValue().password);
      await this.router.navigate(['/downloads']);
    } catch (err) {
      this.error.set(toApiError(err).message);
    } finally {
      this.busy.set(false);
    }
  }
}
