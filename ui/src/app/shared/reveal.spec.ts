import { afterEach, describe, expect, it, vi } from 'vitest';
import { reveal } from './reveal';

describe('reveal', () => {
  const original = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
    document.body.replaceChildren();
  });

  it('moves the focus to the heading and scrolls it into view', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const h = document.createElement('h2');
    h.tabIndex = -1;
    document.body.append(h);
    reveal(h);
    expect(document.activeElement).toBe(h);
    expect(scroll).toHaveBeenCalledOnce();
    expect(scroll.mock.contexts[0]).toBe(h);
    expect(scroll.mock.calls[0]![0]).toMatchObject({ block: 'start' });
  });

  it('does nothing without an element', () => {
    expect(() => reveal(null)).not.toThrow();
  });
});
