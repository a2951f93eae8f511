import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ChannelErrorCodes as E,
  InvalidInputError,
  PlatformRefusedError,
  type ImportPreview,
  type ImportPreviewChannel,
  type ImportProblem,
  type ImportSource,
  type SourceClient,
  type SourceInfo,
} from '@vidkeep/contracts';
import { parseCookieFile, SOURCE_LOGIN_COOKIES, summarizeCookies } from '@vidkeep/platform';
import { writeFileAtomic } from '@vidkeep/plugin-kit';
import type { ChannelStore } from '../channel-store.js';
import { channelUrl } from '../platform.js';
import { parseSubscriptionsCsv } from './takeout-csv.js';

/** The platform's page of the signed-in account's subscribed channels. */
export const SUBSCRIPTIONS_FEED_URL = 'https://www.youtube.com/feed/channels';
/** Folders the cookies of a preview live in while yt-dlp reads the feed (inside CONFIG_DIR). */
const TEMP_PREFIX = '.import-cookies-';
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const LOGIN_REQUIRED = /Login details are needed|sign in|--cookies/i;

type Found = Omit<ImportPreviewChannel, 'alreadySubscribed' | 'previouslySubscribed'>;

export interface PreviewDeps {
  store: Pick<ChannelStore, 'byChannelId'>;
  client: () => SourceClient;
  /** CONFIG_DIR: a preview's cookies are written to a private folder in it and removed after use. */
  configDir: string;
  timeoutMs: number;
}

/** Text of an uploaded file, or a plain refusal when it is not text. */
function textOf(data: Buffer, what: string): string {
  if (data.includes(0)) {
    throw new InvalidInputError(E.importFileInvalid, `${what} is not a text file`);
  }
  return data.toString('utf8');
}

/** One entry of the subscriptions feed (a channel url result) as a preview row. */
export function feedChannel(entry: SourceInfo): Found | null {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const id = [str(entry.channel_id), str(entry.id)].find((v) => v !== null && CHANNEL_ID.test(v));
  if (!id) return null;
  const thumbs = Array.isArray(entry.thumbnails) ? (entry.thumbnails as { url?: unknown; width?: unknown }[]) : [];
  const best = [...thumbs]
    .filter((t) => typeof t.url === 'string')
    .sort((a, b) => (Number(b.width) || 0) - (Number(a.width) || 0))[0];
  const url = str(entry.url) ?? str(entry.channel_url);
  return {
    channelId: id,
    title: str(entry.title) ?? str(entry.channel) ?? str(entry.uploader) ?? id,
    url: url && /^https:\/\/(www\.)?youtube\.com\//.test(url) ? url : channelUrl(id),
    thumbnailUrl: (best?.url as string | undefined) ?? null,
  };
}

/**
 * What a subscription import would subscribe to, from the account export's CSV or from the
 * platform's subscriptions feed read with a signed-in browser's cookies. Nothing is stored: the
 * uploaded cookies live in a private folder only while yt-dlp reads the feed, then are removed.
 */
export class ImportPreviews {
  constructor(private readonly deps: PreviewDeps) {}

  async takeout(data: Buffer): Promise<ImportPreview> {
    const csv = parseSubscriptionsCsv(textOf(data, 'The subscriptions file'));
    if (csv.channels.length === 0) {
      if (csv.problems.length === 0 && csv.header) {
        throw new InvalidInputError(E.importNoChannels, 'The subscriptions file lists no channel');
      }
      throw new InvalidInputError(
        E.importFileInvalid,
        'This is not the subscriptions CSV of an account export: expected the header "Channel Id,Channel Url,Channel Title" and one channel per line (Google Takeout: YouTube and YouTube Music → subscriptions → subscriptions.csv)',
        {
          details: csv.problems.slice(0, 20).map((p) => ({ path: `file/line/${p.line}`, message: p.message })),
        },
      );
    }
    return this.preview(
      'takeout',
      csv.channels.map((c) => ({ channelId: c.channelId, title: c.title, url: c.url, thumbnailUrl: null })),
      csv.problems,
    );
  }

  async cookies(data: Buffer, signal?: AbortSignal): Promise<ImportPreview> {
    const parsed = parseCookieFile(textOf(data, 'The cookie file'));
    if (!parsed.ok) {
      throw new InvalidInputError(E.importFileInvalid, parsed.error, {
        details: [{ path: parsed.line === null ? 'file' : `file/line/${parsed.line}`, message: parsed.error }],
      });
    }
    if (!summarizeCookies(parsed.cookies, new Date()).loginCookiePresent) {
      throw new InvalidInputError(
        E.importNotSignedIn,
        `The cookie file holds none of the platform's login cookies (${SOURCE_LOGIN_COOKIES.slice(0, 3).join(', ')}, …) that are still valid: export the cookies from a browser that is signed in to the platform`,
      );
    }
    const dir = await mkdtemp(join(this.deps.configDir, TEMP_PREFIX));
    try {
      await chmod(dir, 0o700);
      const file = join(dir, 'cookies.txt');
      await writeFileAtomic(file, data, 0o600);
      const found: Found[] = [];
      const r = await this.deps.client().streamEntries(
        SUBSCRIPTIONS_FEED_URL,
        (entry) => {
          const c = feedChannel(entry);
          if (c && !found.some((f) => f.channelId === c.channelId)) found.push(c);
        },
        { cookiesFile: file, timeoutMs: this.deps.timeoutMs, signal },
      );
      if (!r.ok) {
        const f = r.failure;
        if (f.timedOut) {
          throw new PlatformRefusedError(
            'timeout',
            E.importTimeout,
            `The platform did not list the subscriptions within ${Math.round(this.deps.timeoutMs / 1000)} seconds; try again`,
          );
        }
        if (f.aborted) throw new PlatformRefusedError('failed', E.importFeedFailed, 'The preview was stopped');
        if (LOGIN_REQUIRED.test(f.stderr) || f.diagnosis.kind === 'bot_check') {
          throw new InvalidInputError(
            E.importNotSignedIn,
            'The platform did not accept these cookies as a signed-in account (they may be stale or from another browser profile): sign in again, export the cookies again and upload the new file',
          );
        }
        throw new PlatformRefusedError(
          'failed',
          E.importFeedFailed,
          `Reading the subscriptions from the platform failed: ${f.diagnosis.cause} ${f.diagnosis.fix}`,
        );
      }
      if (found.length === 0) {
        throw new InvalidInputError(E.importNoChannels, 'The account these cookies belong to subscribes to no channel');
      }
      return this.preview('cookies', found, []);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Removes cookie folders a crash left behind (a preview removes its own). */
  async removeLeftovers(): Promise<void> {
    const names = await readdir(this.deps.configDir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((n) => n.startsWith(TEMP_PREFIX))
        .map((n) => rm(join(this.deps.configDir, n), { recursive: true, force: true })),
    );
  }

  private async preview(source: ImportSource, found: Found[], problems: ImportProblem[]): Promise<ImportPreview> {
    const channels: ImportPreviewChannel[] = [];
    for (const c of found) {
      const row = await this.deps.store.byChannelId(c.channelId);
      channels.push({ ...c, alreadySubscribed: row?.enabled === true, previouslySubscribed: row?.enabled === false });
    }
    channels.sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }));
    return {
      source,
      totalFound: channels.length,
      alreadySubscribedCount: channels.filter((c) => c.alreadySubscribed).length,
      channels,
      problems,
    };
  }
}
