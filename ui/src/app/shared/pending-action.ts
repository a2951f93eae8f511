import { signal } from '@angular/core';
import { toApiError } from '../core/api';

/**
 * A user action that talks to the server: busy while it runs (buttons wait), and when it fails
 * the server's explanation in words, shown where the action happened.
 */
export class PendingAction {
  readonly busy = signal(false);
  readonly error = signal<string | null>(null);

  /** @param prefix Put before the server's message, e.g. "Not subscribed: ". */
  constructor(private readonly prefix = '') {}

  /** Runs `work`; true when it succeeded, false when its failure is now `error`. */
  async run(work: () => Promise<unknown>): Promise<boolean> {
    this.busy.set(true);
    this.error.set(null);
    try {
      await work();
      return true;
    } catch (err) {
      this.error.set(this.prefix + toApiError(err).message);
      return false;
    } finally {
      this.busy.set(false);
    }
  }
}
