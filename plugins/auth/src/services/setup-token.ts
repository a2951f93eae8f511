import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { writeFileAtomic } from '@vidkeep/plugin-kit';

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The one-time setup token (spec 5, rule 5): 64 hex characters in `CONFIG_DIR/setup-token`
 * (mode 0600). It survives restarts until setup completes and is consumed on success.
 */
export class SetupTokenStore {
  private token: string | null = null;
  private claimed = false;

  constructor(readonly path: string) {}

  /** Reuses the token from the file, or creates one. Returns it. */
  async ensure(): Promise<string> {
    try {
      const existing = (await readFile(this.path, 'utf8')).trim();
      if (TOKEN_PATTERN.test(existing)) {
        this.token = existing;
        return existing;
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const token = randomBytes(32).toString('hex');
    await writeFileAtomic(this.path, `${token}\n`, 0o600);
    this.token = token;
    return token;
  }

  matches(candidate: string): boolean {
    if (this.token === null) return false;
    const a = Buffer.from(candidate.trim());
    const b = Buffer.from(this.token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Claims the single setup slot so two concurrent submissions cannot both succeed. */
  claim(): boolean {
    if (this.claimed || this.token === null) return false;
    this.claimed = true;
    return true;
  }

  release(): void {
    this.claimed = false;
  }

  /** Deletes the token (setup finished, or credentials came from elsewhere). */
  async consume(): Promise<void> {
    this.token = null;
    this.claimed = false;
    await rm(this.path, { force: true });
  }
}
