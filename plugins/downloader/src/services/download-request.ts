import {
  CoreErrorCodes,
  DownloaderErrorCodes,
  InvalidInputError,
  normalizeRating,
  normalizeSubfolderInput,
  type AuthContext,
  type DownloadRequest,
  type ErrorDetail,
  type JobOptions,
  type RejectedLine,
} from '@vidkeep/contracts';
import { parsePlatformUrl } from '@vidkeep/platform';

/** A manual download request, checked: the videos to queue and the job's options. */
export interface ManualJob {
  sourceIds: string[];
  options: JobOptions;
  requestedBy: string | null;
  /** Lines of a session batch that are not single video URLs (the rest is queued). */
  rejected: RejectedLine[];
}

const invalid = (message: string, code: string = DownloaderErrorCodes.invalidUrl, details?: ErrorDetail[]) =>
  new InvalidInputError(code, message, details ? { details } : {});

/**
 * An input's video id, or why it is not a single video URL: `message` for a request of one URL
 * (the API's wording), `line` for one line of a batch (short, after the line itself).
 */
function videoOf(
  input: string,
  viaApiKey: boolean,
): { sourceId: string } | { message: string; line: string; code: string } {
  const parsed = parsePlatformUrl(input);
  if (parsed.kind === 'playlist' || parsed.kind === 'channel') {
    const what = parsed.kind === 'playlist' ? 'Playlist' : 'Channel';
    const lower = what.toLowerCase();
    return {
      message: viaApiKey
        ? `${what} URLs cannot be queued with an API key; send a single video URL`
        : `${what} URLs are not single videos; follow the ${lower} on the ${what}s page instead, or send video URLs`,
      line: `a ${lower} URL, not a single video: follow the ${lower} on the ${what}s page`,
      code: viaApiKey ? DownloaderErrorCodes.batchNotAllowed : DownloaderErrorCodes.invalidUrl,
    };
  }
  if (parsed.kind === 'invalid') {
    return {
      message: parsed.reason,
      line: parsed.reason.replace(/^url (is )?/, ''),
      code: DownloaderErrorCodes.invalidUrl,
    };
  }
  return { sourceId: parsed.sourceId };
}

/**
 * Checks what the schema cannot: exactly one of `url` and `urls`, platform video URLs only, one
 * video per API-key request, and a usable subfolder name. A single `url` that is not a video is
 * a 400 (spec 4.3); in a session's batch (`urls`) each such line is listed in `rejected` with
 * its reason and the valid lines are queued, unless no line is valid (then a 400 names each
 * line). Throws InvalidInputError.
 */
export function parseDownloadRequest(body: DownloadRequest, auth: AuthContext): ManualJob {
  const viaApiKey = auth.kind === 'apiKey';
  if (body.url !== undefined && body.urls !== undefined) throw invalid('Send either url or urls, not both');
  if (viaApiKey && body.urls !== undefined)
    throw invalid(
      'API keys queue one video per request: send url instead of urls',
      DownloaderErrorCodes.batchNotAllowed,
    );
  const sourceIds: string[] = [];
  const rejected: RejectedLine[] = [];
  if (body.urls === undefined) {
    if (body.url === undefined) throw invalid('url is required');
    const video = videoOf(body.url, viaApiKey);
    if (!('sourceId' in video)) throw invalid(video.message, video.code);
    sourceIds.push(video.sourceId);
  } else {
    body.urls.forEach((input, i) => {
      const video = videoOf(input, false);
      if ('sourceId' in video) sourceIds.push(video.sourceId);
      else rejected.push({ line: i + 1, input: input.slice(0, 200), reason: video.line });
    });
    if (sourceIds.length === 0) {
      throw invalid(
        rejected.length === 1
          ? `The line is ${rejected[0]!.reason.startsWith('a ') ? '' : 'not usable: '}${rejected[0]!.reason}: ${rejected[0]!.input}`
          : `None of the ${rejected.length} lines is a video URL of the platform`,
        DownloaderErrorCodes.invalidUrl,
        rejected.map((r) => ({ path: `/urls/${r.line - 1}`, message: `${r.reason}: ${r.input}` })),
      );
    }
  }
  // The rules of every other entry point: trimmed, empty (or the root sentinel) = the root.
  const subfolder = normalizeSubfolderInput(body.subfolder);
  if (!subfolder.ok) throw invalid(subfolder.error, CoreErrorCodes.validationFailed);
  // A rating (or `NR`: explicitly none) overrides the channel's and playlist's defaults; null or absent: no choice.
  const rating = typeof body.rating === 'string' ? normalizeRating(body.rating) : null;
  if (rating && !rating.ok) throw invalid(rating.error, DownloaderErrorCodes.invalidRating);
  return {
    sourceIds,
    rejected,
    options: {
      ...(body.resolution ? { resolution: body.resolution } : {}),
      ...(subfolder.subfolder !== undefined ? { subfolder: subfolder.subfolder } : {}),
      ...(body.skipVideoFolder !== undefined ? { skipVideoFolder: body.skipVideoFolder } : {}),
      ...(body.audioFormat !== undefined ? { audioFormat: body.audioFormat } : {}),
      ...(body.allowLowerResolution ? { allowLowerResolution: true } : {}),
      ...(rating?.ok ? { rating: rating.rating } : {}),
    },
    requestedBy: auth.kind === 'apiKey' ? `api key "${auth.keyName}"` : 'username' in auth ? auth.username : null,
  };
}
