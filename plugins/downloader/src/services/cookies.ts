import { constants } from 'node:fs';
import { access, readFile, rm, stat } from 'node:fs/promises';
import {
  DownloaderErrorCodes as E,
  InvalidInputError,
  parseCookieFile,
  summarizeCookies,
  type CookieStatus,
} from '@vidkeep/contracts';
import { writeFileAtomic } from '@vidkeep/core/plugin-api';

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

/**
 * The user's cookie file `CONFIG_DIR/cookies.user.txt`: the one place that decides whether a
 * yt-dlp call gets `--cookies` (downloads, single-video metadata, listings and searches all ask
 * `forYtDlp()`), plus its upload (checked, mode 0600, written atomically), status and removal.
 *
 * The upload time lives beside it in `cookies.user.json` because the file itself changes: yt-dlp
 * writes the cookies it was sent back into a `--cookies` file after every run (so rotated
 * session cookies stay fresh). Cookie values are never read out of the file except by yt-dlp.
 */
export class CookieFile {
  constructor(
    readonly path: string,
    private readonly recordPath: string,
    private readonly enabled: () => boolean,
  ) {}

  /** The file yt-dlp gets: only with `cookiesEnabled` on and the file readable; otherwise none. */
  async forYtDlp(): Promise<string | null> {
    if (!this.enabled()) return null;
    return (await this.readable()) ? this.path : null;
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
    await writeFileAtomic(this.path, data, 0o600);
    await writeFileAtomic(
      this.recordPath,
      `${JSON.stringify({ uploadedAt: now.toISOString() } satisfies UploadRecord)}\n`,
    );
  }

  /** Removes the file (and its upload record); nothing to remove is fine. */
  async remove(): Promise<void> {
    await rm(this.path, { force: true });
    await rm(this.recordPath, { force: true });
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
