import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DownloaderErrorCodes as E, InvalidInputError, type CookieStatus } from '@vidkeep/contracts';
import { parseCookieFile, summarizeCookies } from '@vidkeep/platform';
import { writeFileAtomic } from '@vidkeep/plugin-kit';

interface UploadRecord {
  uploadedAt: string;
}

const EMPTY_SUMMARY = {
  cookieCount: 0,
  domains: [],
  expiredCount: 0,
  loginCookiePresent: false,
  loginCookies: [],
  loginExpiresAt: null,
};

/** One yt-dlp process's private copy of the user's cookie file (see `CookieFile.lease`). */
export interface CookieLease {
  /** The copy to pass with `--cookies`. */
  readonly path: string;
  /**
   * Once the process has exited: takes the cookies yt-dlp wrote back into the copy into the
   * user's file (unless a new upload or a deletion came meanwhile), then deletes the copy. Never
   * rejects: a write-back that fails keeps the user's file as it was.
   */
  release(): Promise<void>;
}

/** Where the leased copies live, inside `CONFIG_DIR` (mode 0700; emptied on the first lease of a start). */
const LEASE_DIR = '.cookies-in-use';

/**
 * The user's cookie file `CONFIG_DIR/cookies.user.txt`: the one place that decides whether a
 * yt-dlp call gets `--cookies` (downloads, single-video metadata, listings and searches all ask
 * `lease()`), plus its upload (checked, mode 0600, written atomically), status and removal.
 *
 * The upload time lives beside it in `cookies.user.json` because the file itself changes: yt-dlp
 * writes the cookies it was sent back into a `--cookies` file after every run (so rotated
 * session cookies stay fresh). Cookie values are never read out of the file except by yt-dlp.
 *
 * yt-dlp reads that file when it starts and rewrites it in place (truncate, then write) when it
 * exits. Two yt-dlp processes on one file could therefore read it half-written ("does not look
 * like a Netscape format cookies file") or interleave their writes. So each process gets a copy
 * of its own, and what it wrote back replaces the user's file atomically afterwards.
 */
export class CookieFile {
  /**
   * Changes before and after every upload and deletion, so a copy read before or during one
   * never writes back over it.
   */
  private generation = 0;
  /** Writes of the user's file, one after another. */
  private writes: Promise<unknown> = Promise.resolve();
  private clearing: Promise<void> | null = null;

  constructor(
    readonly path: string,
    private readonly recordPath: string,
    private readonly enabled: () => boolean,
  ) {}

  /**
   * A private copy of the file for one yt-dlp process: only with `cookiesEnabled` on and the
   * file readable; otherwise none. The caller releases it once the process has exited.
   */
  async lease(): Promise<CookieLease | null> {
    if (!this.enabled()) return null;
    const generation = this.generation;
    const text = await readFile(this.path, 'utf8').catch(() => null);
    if (text === null) return null;
    const copy = join(await this.ensureLeaseDir(), `${randomUUID()}.txt`);
    await writeFile(copy, text, { mode: 0o600 });
    let released = false;
    return {
      path: copy,
      release: async () => {
        if (released) return;
        released = true;
        const after = await readFile(copy, 'utf8').catch(() => null);
        if (after !== null && after !== text && parseCookieFile(after).ok) {
          await this.write(async () => {
            if (generation === this.generation) await writeFileAtomic(this.path, after, 0o600);
          }).catch(() => undefined);
        }
        await rm(copy, { force: true }).catch(() => undefined);
      },
    };
  }

  /** Checks an uploaded file and stores it; refuses anything yt-dlp could not read as cookies. */
  async save(data: Buffer, now = new Date()): Promise<void> {
    const parsed = parseCookieFile(data.toString('utf8'));
    if (!parsed.ok) {
      throw new InvalidInputError(E.cookiesInvalid, parsed.error, {
        details: [
          { path: parsed.line === null ? 'cookieFile' : `cookieFile/line/${parsed.line}`, message: parsed.error },
        ],
      });
    }
    await this.replace(async () => {
      await writeFileAtomic(this.path, data, 0o600);
      await writeFileAtomic(
        this.recordPath,
        `${JSON.stringify({ uploadedAt: now.toISOString() } satisfies UploadRecord)}\n`,
      );
    });
  }

  /** Removes the file (and its upload record); nothing to remove is fine. */
  async remove(): Promise<void> {
    await this.replace(async () => {
      await rm(this.path, { force: true });
      await rm(this.recordPath, { force: true });
    });
  }

  /** An upload or a deletion: the generation changes before and after it. */
  private replace(change: () => Promise<void>): Promise<void> {
    return this.write(async () => {
      this.generation += 1;
      try {
        await change();
      } finally {
        this.generation += 1;
      }
    });
  }

  /** Runs `change` after every earlier write of the user's file has ended. */
  private write(change: () => Promise<void>): Promise<void> {
    const next = this.writes.then(change);
    this.writes = next.catch(() => undefined);
    return next;
  }

  /** The copies' folder, emptied on the first lease of a start: copies a crash left are deleted. */
  private async ensureLeaseDir(): Promise<string> {
    const dir = join(dirname(this.path), LEASE_DIR);
    this.clearing ??= rm(dir, { recursive: true, force: true }).catch(() => undefined);
    await this.clearing;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  async status(now = new Date()): Promise<CookieStatus> {
    const cookiesEnabled = this.enabled();
    const info = await stat(this.path).catch(() => null);
    if (!info?.isFile()) {
      return {
        cookiesEnabled,
        customCookiesUploaded: false,
        customFileExists: false,
        inUse: false,
        sizeBytes: null,
        uploadedAt: null,
        valid: null,
        problem: null,
        ...EMPTY_SUMMARY,
      };
    }
    const record = await this.record();
    const readable = await this.readable();
    const text = readable ? await readFile(this.path, 'utf8').catch(() => null) : null;
    const parsed = text === null ? null : parseCookieFile(text);
    const problem =
      text === null
        ? 'The service cannot read the cookie file (check its owner and permissions).'
        : parsed && !parsed.ok
          ? parsed.error
          : null;
    return {
      cookiesEnabled,
      customCookiesUploaded: record !== null,
      customFileExists: true,
      inUse: cookiesEnabled && readable,
      sizeBytes: info.size,
      uploadedAt: record?.uploadedAt ?? null,
      valid: parsed ? parsed.ok : null,
      problem,
      ...(parsed?.ok ? summarizeCookies(parsed.cookies, now) : EMPTY_SUMMARY),
    };
  }

  private async readable(): Promise<boolean> {
    return access(this.path, constants.R_OK).then(
      () => true,
      () => false,
    );
  }

  private async record(): Promise<UploadRecord | null> {
    try {
      const value = JSON.parse(await readFile(this.recordPath, 'utf8')) as Partial<UploadRecord>;
      return typeof value.uploadedAt === 'string' ? { uploadedAt: value.uploadedAt } : null;
    } catch {
      return null;
    }
  }
}

/** What Settings → Cookies does: upload (which turns cookies on), status and delete. */
export class CookieSettings {
  constructor(
    private readonly file: CookieFile,
    private readonly enableCookies: () => Promise<void>,
  ) {}

  status(): Promise<CookieStatus> {
    return this.file.status();
  }

  /** Stores a checked upload and turns `cookiesEnabled` on, so the next yt-dlp call uses it. */
  async upload(data: Buffer): Promise<{ message: string; cookieStatus: CookieStatus }> {
    await this.file.save(data);
    await this.enableCookies();
    const cookieStatus = await this.file.status();
    const signedIn = cookieStatus.loginCookiePresent
      ? 'they include the platform’s login cookies'
      : 'they include none of the platform’s login cookies, so yt-dlp will not be signed in';
    return {
      message: `Cookies uploaded and turned on (${cookieStatus.cookieCount} cookie${cookieStatus.cookieCount === 1 ? '' : 's'}; ${signedIn}).`,
      cookieStatus,
    };
  }

  /** Deletes the file; `cookiesEnabled` stays as it is (yt-dlp simply gets no file). */
  async remove(): Promise<{ message: string; cookieStatus: CookieStatus }> {
    const had = (await this.file.status()).customFileExists;
    await this.file.remove();
    return {
      message: had ? 'The cookie file was deleted.' : 'There was no cookie file to delete.',
      cookieStatus: await this.file.status(),
    };
  }
}
