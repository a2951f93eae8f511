import { computed } from '@angular/core';
import { KeyMessages, KeySet } from './keyed';

describe('KeySet', () => {
  it('marks, unmarks, toggles and clears keys, and templates see it', () => {
    const busy = new KeySet<string>();
    const shown = computed(() => `${busy.has('a')} ${busy.has('b')} ${busy.size()}`);
    expect(shown()).toBe('false false 0');
    busy.set('a');
    busy.set('b');
    busy.set('b');
    expect(shown()).toBe('true true 2');
    busy.set('a', false);
    expect(shown()).toBe('false true 1');
    expect(busy.toggle('a')).toBe(true);
    expect(busy.toggle('b')).toBe(false);
    expect(shown()).toBe('true false 1');
    busy.clear();
    expect(shown()).toBe('false false 0');
  });

  it('sets several keys at once and lists them in order', () => {
    const selected = new KeySet<string>();
    selected.setAll(['b', 'a', 'c']);
    expect(selected.values()).toEqual(['b', 'a', 'c']);
    selected.setAll(['a', 'x'], false);
    expect([selected.values(), selected.size()]).toEqual([['b', 'c'], 2]);
  });
});

describe('KeyMessages', () => {
  it('keeps one message per key; null or empty removes it', () => {
    const errors = new KeyMessages<number>();
    const shown = computed(() => `${errors.get(1)} ${errors.get(2)}`);
    errors.set(1, 'Not deleted: busy');
    errors.set(2, 'Not deleted: gone');
    expect(shown()).toBe('Not deleted: busy Not deleted: gone');
    errors.set(1, null);
    errors.set(2, '');
    errors.set(3, null);
    expect(shown()).toBe('null null');
    errors.set(1, 'again');
    errors.clear();
    expect(errors.get(1)).toBeNull();
  });
});
