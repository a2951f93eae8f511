import type { ComponentFixture } from '@angular/core/testing';
import { settle } from './settle';

/** What specs read and do on a rendered page. */
export interface Dom {
  /** The first element matching `selector`, or null. */
  one<T extends HTMLElement = HTMLElement>(selector: string): T | null;
  all<T extends HTMLElement = HTMLElement>(selector: string): T[];
  /** The element's text with runs of white space as one space, trimmed; '' when it is missing. */
  text(selector: string): string;
  /** Types into an input or text area as a user does (value, then an `input` event). */
  type(selector: string, value: string): void;
  /** Clicks the first match; fails when there is none. */
  click(selector: string): void;
}

/**
 * Queries within the page of `fixture`, or within `root` (e.g. `document.body` for dialogs and
 * other overlays, which render outside the page).
 */
export function dom(fixture: ComponentFixture<unknown>, root?: () => ParentNode): Dom {
  const base = (): ParentNode => (root ? root() : fixture.nativeElement);
  const one = <T extends HTMLElement = HTMLElement>(selector: string): T | null => base().querySelector<T>(selector);
  const required = (selector: string): HTMLElement => {
    const el = one(selector);
    if (!el) throw new Error(`Nothing matches ${selector}`);
    return el;
  };
  return {
    one,
    all: <T extends HTMLElement = HTMLElement>(selector: string) => [...base().querySelectorAll<T>(selector)],
    text: (selector) => one(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    type: (selector, value) => {
      const input = required(selector);
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement))
        throw new Error(`${selector} is not a text field`);
      input.value = value;
      input.dispatchEvent(new Event('input'));
    },
    click: (selector) => required(selector).click(),
  };
}

/**
 * The page by test id: the text of `[data-testid="<id>"]`, and a click on it that lets the page
 * settle after (`fixture` is a getter, for specs that create the page again).
 */
export function byTestId(fixture: () => ComponentFixture<unknown>) {
  const selector = (id: string) => `[data-testid="${id}"]`;
  return {
    text: (id: string) => dom(fixture()).text(selector(id)),
    click: async (id: string) => {
      dom(fixture()).click(selector(id));
      await settle(fixture());
    },
  };
}
