import type { ComponentFixture } from '@angular/core/testing';
import { MatSelect } from '@angular/material/select';
import { By } from '@angular/platform-browser';

/**
 * The `MatSelect` behind the element matching `selector` (`[data-testid="config-<key>"]`, a
 * `mat-select` of a row), the `index`-th when several match: specs read its `options` and
 * `select()` one as a user picks it, without opening the overlay.
 */
export function matSelect(fixture: ComponentFixture<unknown>, selector: string, index = 0): MatSelect {
  const el = fixture.debugElement.queryAll(By.css(selector))[index];
  if (!el) throw new Error(`Nothing matches ${selector}`);
  return el.injector.get(MatSelect);
}
