import { ChangeDetectionStrategy, Component, ViewEncapsulation, input } from '@angular/core';
import { MatCardModule } from '@angular/material/card';

/**
 * The card of the pages before sign-in (setup, login): a title and the form projected into it,
 * the page's `<main>` landmark (there is no shell around these pages).
 */
@Component({
  selector: 'app-auth-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatCardModule],
  template: `
    <main>
      <mat-card class="card" [style.max-width.px]="width()">
        <mat-card-header
          ><mat-card-title
            ><h1>{{ title() }}</h1></mat-card-title
          ></mat-card-header
        >
        <mat-card-content><ng-content /></mat-card-content>
      </mat-card>
    </main>
  `,
  // Not encapsulated, so that the rules reach the projected form too.
  encapsulation: ViewEncapsulation.None,
  styles: `
    app-auth-card .card {
      margin: 48px auto;
    }
    app-auth-card form {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
  `,
})
export class AuthCard {
  readonly title = input.required<string>();
  readonly width = input(420);
}
