import type { ComponentFixture } from '@angular/core/testing';
import { dom } from './dom';

/** Chooses a file in the hidden file input of `<app-file-drop testId=…>`, as the browser's dialog would. */
export function chooseFile(fixture: ComponentFixture<unknown>, testId: string, file: File): void {
  const input = dom(fixture).one<HTMLInputElement>(`[data-testid="${testId}-input"]`);
  if (!input) throw new Error(`no file input ${testId}`);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
}
