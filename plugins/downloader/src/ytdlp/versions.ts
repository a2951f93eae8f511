/**
 * yt-dlp versions are dates (`2023.03.04`, nightly `2025.10.22.232815`; pip writes `2026.8.19`):
 * compared as numbers, never as text.
 */
import { YTDLP_MIN_VERSION } from '@vidkeep/contracts';

/** The numbers of a version (`2026.08.19` → [2026, 8, 19]); null when it is not a dotted date. */
export function versionParts(version: string | null | undefined): number[] | null {
  const m = /^\s*v?(\d{4})\.(\d{1,2})\.(\d{1,2})((?:\.\d+)*)/.exec(version ?? '');
  if (!m) return null;
  const rest = m[4] ? m[4].slice(1).split('.').map(Number) : [];
  return [Number(m[1]), Number(m[2]), Number(m[3]), ...rest];
}

/** A version as yt-dlp prints it (`2026.8.19` from pip becomes `2026.08.19`); other text as it is. */
export function normalizeVersion(version: string): string {
  const p = versionParts(version);
  if (!p) return version;
  const [y, m, d, ...rest] = p;
  return [String(y), String(m).padStart(2, '0'), String(d).padStart(2, '0'), ...rest.map(String)].join('.');
}

/** Negative when a is older than b, 0 when equal, positive when newer; null when either is not a version. */
export function compareVersions(a: string | null | undefined, b: string | null | undefined): number | null {
  const x = versionParts(a);
  const y = versionParts(b);
  if (!x || !y) return null;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The release date of a version, or null. */
export function releaseDate(version: string | null | undefined): Date | null {
  const p = versionParts(version);
  if (!p) return null;
  const d = new Date(Date.UTC(p[0]!, p[1]! - 1, p[2]!));
  return Number.isNaN(d.getTime()) || d.getUTCDate() !== p[2] ? null : d;
}

/** Whether vidkeep works with this version: a known version at least {@link YTDLP_MIN_VERSION}. */
export function isSupportedVersion(version: string | null | undefined): boolean {
  const c = compareVersions(version, YTDLP_MIN_VERSION);
  return c !== null && c >= 0;
}

/** Why this yt-dlp cannot be used, in words; null when it can (or its version is not known yet). */
export function unsupportedVersionProblem(version: string | null | undefined, binary: string): string | null {
  if (!version || versionParts(version) === null) return null;
  if (isSupportedVersion(version)) return null;
  return `yt-dlp ${version} (${binary}) is older than ${YTDLP_MIN_VERSION}, the oldest release vidkeep works with. Update it: press "Update yt-dlp" in Settings, or install a newer one.`;
}
