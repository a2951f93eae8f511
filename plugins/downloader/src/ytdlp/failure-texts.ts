/**
 * The plain-language texts of each kind of download failure: what happened and what the user can
 * do, shaped by what is known (cookies on or off, the yt-dlp in use and whether it is current, how
 * long a wait was).
 */
import type { FailureKind } from '@vidkeep/contracts';

/** What the texts of a failure depend on. */
export interface FailureContext {
  cookiesEnabled: boolean;
  binary: string | undefined;
  seconds: number | undefined;
  /** Whether the yt-dlp that ran is older than the newest release (null: not known). */
  ytdlpOutdated: boolean | null;
}

export interface Texts {
  cause: string;
  fix: string;
}

/** Where the user uploads cookies (the UI links this place from every fix that mentions it). */
const COOKIES_PLACE = 'Settings → Cookies';
const UPDATE_HINT =
  'Update yt-dlp from vidkeep (POST /api/ytdlp/update) or with the package manager that installed it, then try again.';
/** When the newest yt-dlp is already in use, updating cannot help yet. */
const NEWEST_HINT =
  'This yt-dlp is already the newest release: wait for the next one (the nightly update installs it and vidkeep checks it before use), then try again.';

/** The update advice, only where an update can help. */
export const updateHint = (ctx: FailureContext): string => (ctx.ytdlpOutdated === false ? NEWEST_HINT : UPDATE_HINT);

/** "12 minutes", "45 seconds", "2 hours"; "a long time" when unknown. */
function duration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'a long time';
  if (seconds < 90) {
    const s = Math.round(seconds);
    return `${s} second${s === 1 ? '' : 's'}`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} hours`;
}

export function textsFor(kind: FailureKind, ctx: FailureContext): Texts {
  const cookies = ctx.cookiesEnabled;
  switch (kind) {
    case 'bot_check':
      return {
        cause: 'The platform asked for proof that this is not a bot and refused the download.',
        fix: cookies
          ? `The uploaded cookies are probably stale: sign in again in your browser, re-export them, upload them again under ${COOKIES_PLACE} and try again; waiting a few hours also helps.`
          : `Export cookies from a browser where you are signed in and upload them under ${COOKIES_PLACE} (uploading turns cookies on); waiting a few hours also helps.`,
      };
    case 'private':
      return {
        cause: 'The video is private.',
        fix: cookies
          ? `Only accounts the uploader invited can watch it. If yours is one of them, re-export the cookies from a browser signed in to that account and upload them again under ${COOKIES_PLACE}.`
          : `Only accounts the uploader invited can watch it. If yours is one of them, upload cookies from a browser signed in to that account under ${COOKIES_PLACE}.`,
      };
    case 'members_only':
      return {
        cause: 'The video is only for paying members of the channel, so it was skipped.',
        fix: cookies
          ? 'Nothing to do. If you are a member, make sure the uploaded cookies come from that account and are recent.'
          : `Nothing to do. If you are a member, upload cookies from a browser signed in to that account under ${COOKIES_PLACE}.`,
      };
    case 'removed':
      return {
        cause: 'The video was removed from the platform, or its channel was terminated.',
        fix: 'Nothing can be done: it can no longer be downloaded.',
      };
    case 'unavailable':
      return {
        cause: 'The platform says the video is unavailable.',
        fix: 'Check whether the video still plays in a browser; if it does, try again later.',
      };
    case 'geo_blocked':
      return {
        cause: "The uploader has not made the video available in this server's country.",
        fix: 'Set a proxy located in another country in Settings, or skip this video.',
      };
    case 'age_restricted':
      return {
        cause: 'The video is age-restricted: the platform only shows it to signed-in adults.',
        fix: cookies
          ? `The uploaded cookies were not accepted: re-export them from a browser signed in to an account whose age is confirmed and upload them again under ${COOKIES_PLACE}.`
          : `Export cookies from a browser signed in to an account whose age is confirmed and upload them under ${COOKIES_PLACE}.`,
      };
    case 'upcoming':
      return {
        cause: 'The video is a premiere or live stream that has not started yet, so it was skipped.',
        fix: 'Nothing to do: download it again after it has aired.',
      };
    case 'http_403':
      return {
        cause: 'The platform refused the download (HTTP 403 Forbidden); this is often temporary.',
        fix: cookies
          ? 'Try again later. If it keeps happening, re-export the cookies (they may be stale) and update yt-dlp.'
          : `Try again later. If it keeps happening, update yt-dlp, or upload cookies from a signed-in browser under ${COOKIES_PLACE}.`,
      };
    case 'http_429':
      return {
        cause: 'The platform is limiting this server because it made too many requests (HTTP 429).',
        fix: 'Wait an hour or so before downloading more, run fewer jobs at once, or raise sleepRequests in Settings to slow down.',
      };
    case 'network':
      return {
        cause: 'A network problem interrupted the connection to the platform.',
        fix: "Check the server's internet connection, DNS and proxy settings, then try again.",
      };
    case 'disk_full':
      return {
        cause: 'The disk is full, so the file could not be written.',
        fix: 'Free up space on the download drive (and the temporary folder), then try again.',
      };
    case 'output_not_writable':
      return {
        cause: 'vidkeep is not allowed to write to the download folder.',
        fix: 'Check that the output folder exists, is mounted read-write and belongs to (or is writable by) the user vidkeep runs as.',
      };
    case 'ytdlp_missing': {
      const name = ctx.binary ? `"${ctx.binary}"` : 'yt-dlp';
      return {
        cause: `The download program ${name} was not found, so nothing could be downloaded.`,
        fix: 'Install yt-dlp (Debian/Ubuntu: apt-get install yt-dlp, or the latest release from github.com/yt-dlp/yt-dlp) or set ytdlpPath in Settings to the full path of the program.',
      };
    }
    case 'ffmpeg_missing': {
      const name = ctx.binary ? `"${ctx.binary}"` : 'ffmpeg';
      return {
        cause: `The program ${name} was not found; it is needed to join video and audio and to convert files.`,
        fix: 'Install ffmpeg (Debian/Ubuntu: apt-get install ffmpeg) or set ffmpegPath and ffprobePath in Settings to the full paths of the programs.',
      };
    }
    case 'ytdlp_outdated':
      return {
        cause:
          ctx.ytdlpOutdated === false
            ? 'The platform’s page could not be read; the platform probably changed after the newest yt-dlp came out.'
            : 'The platform’s page could not be read; the platform probably changed and yt-dlp needs an update.',
        fix: updateHint(ctx),
      };
    case 'timeout':
      return {
        cause: `The download was stopped because yt-dlp gave no output for ${duration(ctx.seconds)}.`,
        fix: 'Try again later; if very large files or slow conversions are expected, raise inactivityTimeoutMinutes in Settings.',
      };
    case 'stalled':
      return {
        cause: `The download made no progress for ${duration(ctx.seconds)}, so it was stopped.`,
        fix: "Try again later; if it keeps happening, check the server's network connection.",
      };
    case 'cancelled':
      return {
        cause: 'The download was cancelled before it finished.',
        fix: 'Nothing to do; queue it again if you still want it.',
      };
    case 'interrupted':
      return {
        cause: 'The download was interrupted because vidkeep stopped or restarted while it ran.',
        fix: 'Queue the download again.',
      };
    case 'kept_better_file':
      return {
        cause:
          'The new download had a lower resolution than the file already in the library, so the library file was kept and the new one discarded.',
        fix: 'Nothing to do. To replace the file anyway, download it again and allow a lower resolution.',
      };
    case 'postprocess':
      return {
        cause: 'The video was downloaded, but finishing the file (joining, converting or tagging with ffmpeg) failed.',
        fix: 'Check that ffmpeg works and that there is free disk space, then try again; the detail shows the message.',
      };
    case 'unknown':
      return {
        cause: 'The download failed with an error that vidkeep does not recognise.',
        fix:
          ctx.ytdlpOutdated === true
            ? 'Check whether the video plays in a browser; updating yt-dlp often helps. The detail shows the exact message.'
            : ctx.ytdlpOutdated === false
              ? 'Check whether the video plays in a browser. The detail shows the exact message.'
              : 'Check whether the video plays in a browser; if yt-dlp is out of date, updating it may help. The detail shows the exact message.',
      };
  }
}
