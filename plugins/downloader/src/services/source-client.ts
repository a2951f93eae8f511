import type {
  DownloaderConfigSection,
  SourceClient,
  SourceFailure,
  SourceInfo,
  SourceQueryOptions,
  SourceResult,
} from '@vidkeep/contracts';
import { buildListingArgs } from '../ytdlp/args.js';
import { classifyLine, diagnose, toDiagnosis } from '../ytdlp/failures.js';
import { isScreenLine, listingPageOf } from '../ytdlp/listing-lines.js';
import { ToolProcess } from '../ytdlp/process.js';
import type { CookieLease } from './cookies.js';
import { listingRequests } from './polite/budget.js';
import type { PlatformGate } from './polite/gate.js';
import type { ToolLocator } from './tools.js';

const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
/** One JSON document (`--dump-single-json`) or one entry per line (`--dump-json`). */
type Dump = '--dump-single-json' | '--dump-json';
const NOT_FOUND = /HTTP Error 404|does not exist|does not have an? [a-z]+ tab|Unable to find|not found/i;

/**
 * yt-dlp as the platform's client for listings and page metadata (channels, tabs, playlists,
 * search). Every call uses the same network settings, cookies and custom-free argument set as
 * downloads, a timeout, and an abort signal; failures come back diagnosed, never thrown.
 */
export class YtDlpSourceClient implements SourceClient {
  constructor(
    private readonly tools: ToolLocator,
    private readonly config: () => DownloaderConfigSection,
    private readonly cookies: () => Promise<CookieLease | null>,
    private readonly env: NodeJS.ProcessEnv,
    private readonly gate?: PlatformGate,
  ) {}

  async playlistInfo(url: string, options: SourceQueryOptions = {}): Promise<SourceResult<SourceInfo>> {
    const chunks: string[] = [];
    let size = 0;
    const r = await this.run(url, '--dump-single-json', options, (line) => {
      size += line.length;
      if (size <= MAX_JSON_BYTES) chunks.push(line);
    });
    if (!r.ok) return r;
    try {
      const value = JSON.parse(chunks.join('\n')) as SourceInfo;
      return { ok: true, value };
    } catch {
      return { ok: false, failure: this.failure('yt-dlp printed no readable JSON', false, false, false) };
    }
  }

  async streamEntries(
    url: string,
    onEntry: (entry: SourceInfo) => void,
    options: SourceQueryOptions = {},
  ): Promise<SourceResult<{ count: number }>> {
    let count = 0;
    const r = await this.run(url, '--dump-json', options, (line) => {
      if (!line.startsWith('{')) return;
      try {
        onEntry(JSON.parse(line) as SourceInfo);
        count += 1;
      } catch {
        /* a line that is not an entry */
      }
    });
    return r.ok ? { ok: true, value: { count } } : r;
  }

  /** One yt-dlp run with the caller's cookie file, or a copy of the user's while it runs. */
  private async run(
    url: string,
    dump: Dump,
    options: SourceQueryOptions,
    onStdout: (line: string) => void,
  ): Promise<{ ok: true } | { ok: false; failure: SourceFailure }> {
    if (options.signal?.aborted) return { ok: false, failure: this.failure('', false, true, false) };
    // A person's listing passes a spent budget; during a cool-down it waits like the rest.
    const door = this.gate?.admit(options.lane ?? 'manual', { lookup: true });
    if (door && !door.ok) return { ok: false, failure: this.waitFailure(door.why) };
    let entries = 0;
    const counted = (line: string) => {
      if (line.startsWith('{')) entries += 1;
      onStdout(line);
    };
    const lease = options.cookiesFile === undefined ? await this.cookies() : null;
    try {
      const r = await this.runWith(options.cookiesFile ?? lease?.path ?? null, url, dump, options, counted);
      this.gate?.spend(listingRequests(dump === '--dump-json' ? entries : (options.playlistEnd ?? 1)));
      if (r.ok) this.gate?.succeeded();
      else this.gate?.failed(r.failure.diagnosis.kind);
      return r;
    } finally {
      await lease?.release();
    }
  }

  private async runWith(
    cookiesFile: string | null,
    url: string,
    dump: Dump,
    options: SourceQueryOptions,
    onStdout: (line: string) => void,
  ): Promise<{ ok: true } | { ok: false; failure: SourceFailure }> {
    const ytdlp = await this.tools.ytdlp();
    const onPage = options.onPage;
    // A long listing (`sleep`) is paced like downloads when the platform budget sets the pace.
    const sleeps = this.gate?.sleeps();
    const config = sleeps ? { ...this.config(), sleepRequests: sleeps.requestSeconds } : this.config();
    const args = buildListingArgs(config, cookiesFile, url, dump, { ...options, verbose: !!onPage }, ytdlp.caps);
    const errLines: string[] = [];
    // Verbose yt-dlp follows each error with its traceback: the error lines alone are the failure.
    const errorLines: string[] = [];
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const proc = new ToolProcess(ytdlp.path, args, {
      env: { ...this.env, PYTHONWARNINGS: 'ignore' },
      inactivityMs: timeoutMs,
      maxRuntimeMs: timeoutMs,
      killGraceMs: 1000,
      onLine: (line, stream) => {
        if (stream === 'stdout') return onStdout(line);
        if (onPage) {
          // Verbose chatter (the command line and proxy among it) is neither an error nor kept.
          if (isScreenLine(line)) {
            const page = listingPageOf(line);
            if (page !== null) onPage(page);
            return;
          }
        }
        if (onPage && line.startsWith('ERROR:') && errorLines.length < 50) errorLines.push(line);
        if (errLines.length < 50) errLines.push(line);
      },
    });
    const abort = () => proc.stop('cancelled');
    options.signal?.addEventListener('abort', abort, { once: true });
    const result = await proc.done.finally(() => options.signal?.removeEventListener('abort', abort));
    if (result.exitCode === 0) return { ok: true };
    const stderr = (errorLines.length ? errorLines : errLines).join('\n');
    const withCookies = options.cookiesFile !== undefined || this.config().cookiesEnabled;
    if (result.spawnError) {
      return {
        ok: false,
        failure: {
          ...this.failure(stderr, false, false, withCookies),
          diagnosis: toDiagnosis(diagnose('ytdlp_missing', { binary: ytdlp.path })),
        },
      };
    }
    return {
      ok: false,
      failure: this.failure(
        stderr,
        result.stoppedBy === 'inactivity' || result.stoppedBy === 'runtime',
        result.stoppedBy === 'cancelled',
        withCookies,
      ),
    };
  }

  /** Nothing went to the platform: it is cooling down, or the budget for automatic work is spent. */
  private waitFailure(why: string): SourceFailure {
    const d = diagnose('http_429', { detail: `vidkeep is ${why}` });
    return {
      diagnosis: toDiagnosis({
        ...d,
        cause: `Not asked: vidkeep is ${why}`,
        fix: 'Nothing to do: it asks again later',
      }),
      timedOut: false,
      aborted: false,
      notFound: false,
      stderr: '',
    };
  }

  private failure(stderr: string, timedOut: boolean, aborted: boolean, withCookies: boolean): SourceFailure {
    const classified = timedOut
      ? diagnose('timeout', { seconds: undefined, detail: stderr || null })
      : (classifyLine(stderr, { cookiesEnabled: withCookies }) ??
        diagnose(aborted ? 'cancelled' : 'unknown', { detail: stderr || null }));
    const errorText =
      stderr
        .split('\n')
        .filter((l) => l.startsWith('ERROR'))
        .join('\n') || stderr;
    return {
      diagnosis: toDiagnosis(classified),
      timedOut,
      aborted,
      notFound: !timedOut && !aborted && NOT_FOUND.test(errorText),
      stderr: stderr.slice(-4000),
    };
  }
}
