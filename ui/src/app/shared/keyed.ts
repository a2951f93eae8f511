import { computed, signal } from '@angular/core';

/**
 * Which items of a list are in some state (busy, open, image failed), by key, as a signal:
 * templates that call `has()` update when it changes.
 */
export class KeySet<K> {
  private readonly keys = signal<ReadonlySet<K>>(new Set());
  readonly size = computed(() => this.keys().size);

  has(key: K): boolean {
    return this.keys().has(key);
  }

  /** The keys in the order they were set. */
  values(): K[] {
    return [...this.keys()];
  }

  set(key: K, on = true): void {
    if (this.keys().has(key) === on) return;
    const next = new Set(this.keys());
    if (on) next.add(key);
    else next.delete(key);
    this.keys.set(next);
  }

  toggle(key: K): boolean {
    const on = !this.has(key);
    this.set(key, on);
    return on;
  }

  /** Sets or unsets several keys at once (one change for the templates). */
  setAll(keys: Iterable<K>, on = true): void {
    const next = new Set(this.keys());
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    this.keys.set(next);
  }

  clear(): void {
    if (this.keys().size) this.keys.set(new Set());
  }
}

/** One message per item of a list (its error, a note), by key, as a signal. */
export class KeyMessages<K> {
  private readonly messages = signal<ReadonlyMap<K, string>>(new Map());

  get(key: K): string | null {
    return this.messages().get(key) ?? null;
  }

  /** Sets the item's message; null (or '') removes it. */
  set(key: K, message: string | null): void {
    const next = new Map(this.messages());
    if (message) next.set(key, message);
    else if (!next.delete(key)) return;
    this.messages.set(next);
  }

  clear(): void {
    if (this.messages().size) this.messages.set(new Map());
  }
}
