import { Component } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';

@Component({ selector: 'app-blank-host', template: '' })
class BlankHost {}

/**
 * A fixture with nothing on it, for specs of state classes (`PagedList`-like plain classes):
 * `settle()` and `poll()` take a fixture to reply to the fake API and move the clock. Create the
 * class under test with `TestBed.runInInjectionContext` when it needs one.
 */
export function blankFixture(): ComponentFixture<unknown> {
  return TestBed.createComponent(BlankHost);
}
