/** The fields of a library video the label needs (`Video` of the downloads API). */
interface ResolutionSource {
  video_resolution: string | null;
  filePath?: string | null;
  audioFilePath?: string | null;
}

/** Standard tiers by the height (and 16:9 width) of a landscape picture, lowest first. */
const TIERS: readonly { height: number; width: number; label: string }[] = [
  { height: 144, width: 256, label: '144p' },
  { height: 240, width: 426, label: '240p' },
  { height: 360, width: 640, label: '360p' },
  { height: 480, width: 854, label: '480p' },
  { height: 720, width: 1280, label: '720p' },
  { height: 1080, width: 1920, label: '1080p' },
  { height: 1440, width: 2560, label: '1440p' },
  { height: 2160, width: 3840, label: '4K' },
  { height: 4320, width: 7680, label: '8K' },
];

/** A picture a little lower than a tier (1280x718, 1918x1072) still belongs to it. */
const TOLERANCE = 0.9;

/** `WIDTHxHEIGHT` → `[width, height]`; null for anything else, including `0x0` (probe failed). */
export function parseResolution(value: string | null | undefined): [number, number] | null {
  const m = /^\s*(\d{1,6})\s*[xX×]\s*(\d{1,6})\s*$/.exec(value ?? '');
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? [w, h] : null;
}

/**
 * The standard label of a `WIDTHxHEIGHT` resolution: 1920x1080 → "1080p", 1280x720 → "720p",
 * 3840x2160 → "4K" (2160 is always "4K", 4320 "8K").
 *
 * The tier follows the picture's smaller side (with 10% slack), so portrait videos (1080x1920)
 * get the label of their landscape twin ("1080p") and 4:3 ones their height (1440x1080 →
 * "1080p"). Letterboxed pictures reach a tier by their full 16:9 width as well (1920x800 →
 * "1080p", 3840x1608 → "4K"). Below 144 the size itself is shown ("120p").
 * `0x0`, null and unparsable values → null (nothing to show).
 */
export function resolutionTier(value: string | null | undefined): string | null {
  const size = parseResolution(value);
  if (!size) return null;
  const short = Math.min(...size);
  const long = Math.max(...size);
  let label: string | null = null;
  for (const tier of TIERS) if (short >= tier.height * TOLERANCE || long >= tier.width) label = tier.label;
  return label ?? `${short}p`;
}

/** What the library shows for a video: its tier, "audio" for audio-only, or null (nothing). */
export function resolutionLabel(video: ResolutionSource): string | null {
  const tier = resolutionTier(video.video_resolution);
  if (tier) return tier;
  if (video.video_resolution === null && !video.filePath && video.audioFilePath) return 'audio';
  return null;
}
