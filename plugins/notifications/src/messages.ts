/**
 * What each event says: a title, a plain-text message, a Markdown message for the services that
 * show it, and the typed `data` of the webhook body. Pure functions: one event (or one batch of
 * sync failures) in, one notification out, whatever number of videos it covers.
 */
import type { JobNotificationData, NotificationKind, WebhookBody } from '@vidkeep/contracts/notifications';
import type {
  JobFinishedPayload,
  MediaServerSyncFailedPayload,
  RetentionVideosRemovedPayload,
  StoragePausedPayload,
  PlatformCoolingDownPayload,
  StorageResumedPayload,
  ToolUpdateCheckedPayload,
  VideosDiscoveredPayload,
} from '@vidkeep/plugin-kit';

/** One notification, before it goes to Apprise targets and webhooks. */
export interface Notification {
  kind: NotificationKind | 'test';
  title: string;
  /** Plain text. */
  text: string;
  /** The same in Markdown (Discord, Telegram, Slack, email). */
  markdown: string;
  /** `data` of the webhook body. */
  data: WebhookBody['data'];
  occurredAt: Date;
}

/** At most this many lines of videos in a message; the rest is counted. */
export const LIST_MAX = 15;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Markdown control characters in titles shown as text. */
const md = (s: string) => s.replace(/([\\`*_[\]<>|~#])/g, '\\$1');

function list<T>(items: readonly T[], line: (item: T) => string): string[] {
  const shown = items.slice(0, LIST_MAX).map(line);
  if (items.length > LIST_MAX) shown.push(`… and ${items.length - LIST_MAX} more`);
  return shown;
}

function both(lines: (style: 'text' | 'markdown') => string[]): { text: string; markdown: string } {
  return { text: lines('text').join('\n'), markdown: lines('markdown').join('\n') };
}

/**
 * A finished download job: `download.finished` when it downloaded something or had failures,
 * `job.failed` when it failed as a whole; null for one that tells nothing (cancelled, or nothing
 * done, as the reference sends one message per run only when something was downloaded or failed).
 */
export function jobMessage(e: JobFinishedPayload, now = new Date()): Notification | null {
  const downloaded = e.completed ?? e.completedSourceIds.map((sourceId) => ({ sourceId, title: null }));
  const failures = (
    e.failures ?? e.failedSourceIds.map((sourceId) => ({ sourceId, title: null, diagnosis: null }))
  ).map((f) => ({
    sourceId: f.sourceId,
    title: f.title,
    kind: f.diagnosis?.kind ?? ('unknown' as const),
    cause: f.diagnosis?.cause ?? 'The download failed',
    fix: f.diagnosis?.fix ?? 'See the job on the Downloads page',
  }));
  const failed = e.status === 'failed';
  if (e.status === 'cancelled' || e.status === 'queued' || e.status === 'running') return null;
  if (!failed && downloaded.length === 0 && failures.length === 0) return null;
  const data: JobNotificationData = {
    jobId: e.jobId,
    jobType: e.jobType,
    label: e.label ?? null,
    status: e.status,
    message: e.message ?? null,
    downloaded,
    failures,
  };
  const label = e.label ? ` (${e.label})` : '';
  const title = failed
    ? `Download job failed${label}`
    : `${plural(downloaded.length, 'video')} downloaded${failures.length ? `, ${failures.length} failed` : ''}`;
  const name = (v: { sourceId: string; title: string | null }, style: 'text' | 'markdown') =>
    v.title ? (style === 'markdown' ? md(v.title) : v.title) : v.sourceId;
  const body = both((style) => {
    const lines: string[] = [];
    if (failed && e.message) lines.push(e.message);
    if (downloaded.length) {
      if (style === 'markdown') lines.push(`**Downloaded${label ? md(label) : ''}**`);
      else if (failed || failures.length) lines.push('Downloaded:');
      lines.push(...list(downloaded, (v) => `- ${name(v, style)}`));
    }
    if (failures.length) {
      lines.push(style === 'markdown' ? '**Failed**' : 'Failed:');
      lines.push(
        ...list(
          failures,
          (f) =>
            `- ${name(f, style)}: ${style === 'markdown' ? md(f.cause) : f.cause}. ${style === 'markdown' ? md(f.fix) : f.fix}`,
        ),
      );
    }
    return lines;
  });
  return { kind: failed ? 'job.failed' : 'download.finished', title, ...body, data, occurredAt: now };
}

/** New videos of one sweep (channels or playlists): one message for all of them. */
export function discoveredMessage(e: VideosDiscoveredPayload, now = new Date()): Notification {
  const kinds = new Set(e.sources.map((s) => s.kind));
  const where = plural(e.sources.length, kinds.size === 1 && kinds.has('playlist') ? 'playlist' : 'channel');
  const title = `${plural(e.videoCount, 'new video')} from ${where}`;
  const body = both((style) =>
    e.sources.flatMap((s) => [
      style === 'markdown' ? `**${md(s.title)}** (${s.videos.length})` : `${s.title} (${s.videos.length}):`,
      ...list(s.videos, (v) => `- ${style === 'markdown' ? md(v.title) : v.title}`),
    ]),
  );
  return { kind: 'videos.discovered', title, ...body, data: e, occurredAt: now };
}

export function storagePausedMessage(e: StoragePausedPayload, now = new Date()): Notification {
  const text = `Downloads are paused: ${e.reason}. They start again by themselves when space is freed or the limit is changed.`;
  return {
    kind: 'storage.paused',
    title: 'Downloads paused: storage limit',
    text,
    markdown: md(text),
    data: e,
    occurredAt: now,
  };
}

export function platformCoolingDownMessage(e: PlatformCoolingDownPayload, now = new Date()): Notification {
  const text = `Downloads wait until ${e.until} (${e.minutes} min): ${e.reason}. Channel and playlist checks wait too; one request you make yourself may still go through.`;
  return {
    kind: 'platform.cooling_down',
    title: 'Downloads cooling down',
    text,
    markdown: md(text),
    data: e,
    occurredAt: now,
  };
}

export function storageResumedMessage(e: StorageResumedPayload, now = new Date()): Notification {
  const text = 'The storage limit is no longer reached; queued downloads start again.';
  return { kind: 'storage.resumed', title: 'Downloads resumed', text, markdown: text, data: e, occurredAt: now };
}

/** A yt-dlp update that installed a new version or failed; null for "already up to date". */
export function toolUpdateMessage(e: ToolUpdateCheckedPayload, now = new Date()): Notification | null {
  if (e.outcome === 'up-to-date') return null;
  const failed = e.outcome === 'failed';
  const title = failed ? 'yt-dlp update failed' : `yt-dlp updated${e.newVersion ? ` to ${e.newVersion}` : ''}`;
  // The updater's message may end its own sentence.
  const message = e.message.replace(/\.+$/, '');
  const text = failed
    ? `${message}. Downloads go on with the installed version${e.currentVersion ? ` (${e.currentVersion})` : ''}; an old yt-dlp may stop working when the platform changes.`
    : `A newer yt-dlp was available and is installed${e.currentVersion ? ` (was ${e.currentVersion})` : ''}: ${message}.`;
  return {
    kind: failed ? 'ytdlp.update_failed' : 'ytdlp.updated',
    title,
    text,
    markdown: md(text),
    data: e,
    occurredAt: now,
  };
}

/** Media-server sync failures of a few seconds together (a server that is down fails every playlist). */
export function syncFailedMessage(failures: readonly MediaServerSyncFailedPayload[], now = new Date()): Notification {
  const servers = [...new Set(failures.map((f) => f.server))];
  const title = `Media-server sync failed: ${plural(failures.length, 'playlist')} on ${servers.join(', ')}`;
  const body = both((style) =>
    list(failures, (f) =>
      style === 'markdown'
        ? `- **${md(f.playlistTitle)}** → ${md(f.server)}: ${md(f.error)}`
        : `- ${f.playlistTitle} → ${f.server}: ${f.error}`,
    ),
  );
  return { kind: 'mediaserver.sync_failed', title, ...body, data: { failures: [...failures] }, occurredAt: now };
}

const GB = 1024 ** 3;
const size = (bytes: number) => (bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

export function retentionMessage(e: RetentionVideosRemovedPayload, now = new Date()): Notification {
  const title = `Automatic removal: ${plural(e.totalDeleted, 'video')} removed, ${size(e.freedBytes)} freed`;
  const body = both((style) => {
    const lines = [`${e.deletedByAge} by age, ${e.deletedByWatched} watched, ${e.deletedBySpace} for free space.`];
    if (e.sampleTitles.length) lines.push(...list(e.sampleTitles, (t) => `- ${style === 'markdown' ? md(t) : t}`));
    if (e.errors.length) {
      lines.push(style === 'markdown' ? '**Not removed**' : 'Not removed:');
      lines.push(...list(e.errors, (t) => `- ${style === 'markdown' ? md(t) : t}`));
    }
    return lines;
  });
  return { kind: 'retention.removed', title, ...body, data: e, occurredAt: now };
}

export function testMessage(webhookId: number | null, now = new Date()): Notification {
  const text = 'This is a test notification from vidkeep. If you can read it, this target works.';
  return {
    kind: 'test',
    title: 'vidkeep test notification',
    text,
    markdown: text,
    data: { webhookId: webhookId ?? 0 },
    occurredAt: now,
  };
}
