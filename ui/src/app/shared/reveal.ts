import { afterNextRender, type Injector } from '@angular/core';

/**
 * Brings a result that just appeared into view and moves the focus to its heading (give it
 * `tabindex="-1"`): a preview answered below the fold would otherwise look like a dead click, and
 * keyboard and screen-reader users land on what the action produced. Smooth scrolling unless the
 * person asked for reduced motion.
 */
export function reveal(el: HTMLElement | null | undefined): void {
  if (!el) return;
  el.focus({ preventScroll: true });
  const reduced = el.ownerDocument.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  el.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}

/** `reveal` of the element `selector` finds in `host`, once the next render has put it there. */
export function revealAfterRender(host: HTMLElement, selector: string, injector: Injector): void {
  afterNextRender(() => reveal(host.querySelector<HTMLElement>(selector)), { injector });
}
