import { Injectable, signal } from '@angular/core';

const KEY = 'vidkeep.theme';
export type ThemeChoice = 'light' | 'dark';

/** Light and dark themes (Material's system colours follow `color-scheme`). */
@Injectable({ providedIn: 'root' })
export class Theme {
  readonly choice = signal<ThemeChoice>(
    (localStorage.getItem(KEY) as ThemeChoice | null) ??
      (matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'),
  );

  constructor() {
    this.apply();
  }

  toggle(): void {
    this.choice.set(this.choice() === 'dark' ? 'light' : 'dark');
    localStorage.setItem(KEY, this.choice());
    this.apply();
  }

  private apply(): void {
    document.documentElement.classList.toggle('dark', this.choice() === 'dark');
  }
}
