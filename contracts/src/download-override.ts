import type { AudioFormat, Resolution } from './config/downloader.js';
import type { ErrorDetail } from './errors/envelope.js';
import { subfolderProblem } from './schemas/channels/subfolders.js';
import { CONTENT_RATINGS } from './schemas/common.js';

/**
 * The download overrides a user may give a bulk download (a channel's download-all, a playlist's
 * download): one set of rules for both, as the reference product has (its section 1.6). The
 * TypeBox schemas check types; this checks what a schema cannot say.
 */
export interface DownloadOverride {
  resolution?: Resolution;
  allowRedownload?: boolean;
  skipVideoFolder?: boolean;
  subfolder?: string | null;
  audioFormat?: AudioFormat | null;
  rating?: string | null;
}

/** Subfolder sentinels of the reference's download dialog. */
export const SUBFOLDER_GLOBAL_DEFAULT = '##USE_GLOBAL_DEFAULT##';
export const SUBFOLDER_ROOT = '##ROOT##';

export interface CheckedOverride {
  resolution?: Resolution;
  skipVideoFolder?: boolean;
  /** Absent: no override; null: the root of the output directory. */
  subfolder?: string | null;
  audioFormat?: AudioFormat | null;
  /** Null: no rating. */
  rating?: string | null;
  allowRedownload: boolean;
}

/** A content rating as stored: trimmed, upper case, `NR`/empty = null; an error for anything else. */
export function normalizeRating(
  value: string | null | undefined,
): { ok: true; rating: string | null } | { ok: false; error: string } {
  const text = (value ?? '').trim().toUpperCase();
  if (text === '' || text === 'NR') return { ok: true, rating: null };
  if ((CONTENT_RATINGS as readonly string[]).includes(text)) return { ok: true, rating: text };
  return { ok: false, error: `rating must be one of ${CONTENT_RATINGS.join(', ')} (or NR for none)` };
}

/** A subfolder a user typed: null = the root, undefined = no choice; an error when it cannot be used. */
export function normalizeSubfolderInput(
  value: string | null | undefined,
): { ok: true; subfolder: string | null | undefined } | { ok: false; error: string } {
  if (value === undefined) return { ok: true, subfolder: undefined };
  const text = (value ?? '').trim();
  if (text === SUBFOLDER_GLOBAL_DEFAULT) return { ok: true, subfolder: undefined };
  if (text === '' || text === SUBFOLDER_ROOT) return { ok: true, subfolder: null };
  const problem = subfolderProblem(text);
  return problem ? { ok: false, error: problem } : { ok: true, subfolder: text };
}

/** Every problem at once (paths under `overrideSettings/`), or the override ready to apply. */
export function checkDownloadOverride(
  input: DownloadOverride | undefined,
): { ok: true; override: CheckedOverride } | { ok: false; errors: ErrorDetail[] } {
  const o = input ?? {};
  const errors: ErrorDetail[] = [];
  const out: CheckedOverride = { allowRedownload: o.allowRedownload === true };
  if (o.resolution !== undefined) out.resolution = o.resolution;
  if (o.skipVideoFolder !== undefined) out.skipVideoFolder = o.skipVideoFolder;
  if (o.audioFormat !== undefined) out.audioFormat = o.audioFormat;
  const sub = normalizeSubfolderInput(o.subfolder);
  if (!sub.ok) errors.push({ path: 'overrideSettings/subfolder', message: sub.error });
  else if (sub.subfolder !== undefined) out.subfolder = sub.subfolder;
  if (o.rating !== undefined) {
    const r = normalizeRating(o.rating);
    if (!r.ok) errors.push({ path: 'overrideSettings/rating', message: r.error });
    else out.rating = r.rating;
  }
  return errors.length ? { ok: false, errors } : { ok: true, override: out };
}

/** The download settings a subscribed channel and a followed playlist both keep, as their rows name them. */
export interface DownloadSettingsPatch {
  videoQuality?: Resolution | null;
  audioFormat?: AudioFormat | null;
  minDuration?: number | null;
  maxDuration?: number | null;
}

/**
 * The part of a channel's or a playlist's settings change (API names) that sets its download
 * settings, as row fields: a field left out is not changed. Each plugin checks the duration range
 * by its own rule.
 */
export function downloadSettingsPatch(input: {
  video_quality?: Resolution | null;
  audio_format?: AudioFormat | null;
  min_duration?: number | null;
  max_duration?: number | null;
}): DownloadSettingsPatch {
  const patch: DownloadSettingsPatch = {};
  if (input.video_quality !== undefined) patch.videoQuality = input.video_quality;
  if (input.audio_format !== undefined) patch.audioFormat = input.audio_format;
  if (input.min_duration !== undefined) patch.minDuration = input.min_duration;
  if (input.max_duration !== undefined) patch.maxDuration = input.max_duration;
  return patch;
}
