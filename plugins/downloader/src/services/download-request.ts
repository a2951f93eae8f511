import {
  CoreErrorCodes,
  DownloaderErrorCodes,
  InvalidInputError,
  normalizeRating,
  normalizeSubfolderInput,
  type AuthContext,
  type DownloadRequest,
  type JobOptions,
} from '@vidkeep/contracts';
import { parsePlatformUrl } from '../url.js';

/** A manual download request, checked: the videos to queue and the job's options. */
export interface ManualJob {
  sourceIds: string[];
  options: JobOptions;
  requestedBy: string | null;
}

const invalid = (message: string, code: string = DownloaderErrorCodes.invalidUrl) =>
  new InvalidInputError(code, message);

/**
 * Checks what the schema cannot: exactly one of `url` and `urls`, platform video URLs only, one
 * video per API-key request, and a usable subfolder name. Throws InvalidInputError.
 */
export function parseDownloadRequest(body: DownloadRequest, auth: AuthContext): ManualJob {
  const viaApiKey = auth.kind === 'apiKey';
  if (body.url !== undefined && body.urls !== undefined) throw invalid('Send either url or urls, not both');
  if (viaApiKey && body.urls !== undefined)
    throw invalid(
      'API keys queue one video per request: send url instead of urls',
      DownloaderErrorCodes.batchNotAllowed,
    );
  const inputs = body.urls ?? (body.url !== undefined ? [body.url] : []);
  if (inputs.length === 0) throw invalid('url is required');
  const sourceIds: string[] = [];
  for (const input of inputs) {
    const parsed = parsePlatformUrl(input);
    if (parsed.kind === 'playlist' || parsed.kind === 'channel') {
      const what = parsed.kind === 'playlist' ? 'Playlist' : 'Channel';
      throw invalid(
        viaApiKey
          ? `${what} URLs cannot be queued with an API key; send a single video URL`
          : `${what} URLs are not single videos; subscribe to the ${what.toLowerCase()} instead, or send video URLs`,
        viaApiKey ? DownloaderErrorCodes.batchNotAllowed : DownloaderErrorCodes.invalidUrl,
      );
    }
    if (parsed.kind === 'invalid')
      throw invalid(inputs.length > 1 ? `${parsed.reason}: ${input.slice(0, 200)}` : parsed.reason);
    sourceIds.push(parsed.sourceId);
  }
  // The rules of every other entry point: trimmed, empty (or the root sentinel) = the root.
  const subfolder = normalizeSubfolderInput(body.subfolder);
  if (!subfolder.ok) throw invalid(subfolder.error, CoreErrorCodes.validationFailed);
  // A rating (or `NR`: explicitly none) overrides the channel's and playlist's defaults; null or absent: no choice.
  const rating = typeof body.rating === 'string' ? normalizeRating(body.rating) : null;
  if (rating && !rating.ok) throw invalid(rating.error, DownloaderErrorCodes.invalidRating);
  return {
    sourceIds,
    options: {
      ...(body.resolution ? { resolution: body.resolution } : {}),
      ...(subfolder.subfolder !== undefined ? { subfolder: subfolder.subfolder } : {}),
      ...(body.skipVideoFolder !== undefined ? { skipVideoFolder: body.skipVideoFolder } : {}),
      ...(body.audioFormat !== undefined ? { audioFormat: body.audioFormat } : {}),
      ...(rating?.ok ? { rating: rating.rating } : {}),
    },
    requestedBy: auth.kind === 'apiKey' ? `api key "${auth.keyName}"` : 'username' in auth ? auth.username : null,
  };
}
