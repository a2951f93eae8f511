import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  isSupportedVersion,
  normalizeVersion,
  releaseDate,
  unsupportedVersionProblem,
  versionParts,
} from './versions.js';

describe('yt-dlp versions', () => {
  it('compares dates as numbers, whichever way pip or yt-dlp writes them', () => {
    expect(compareVersions('2026.08.19', '2026.8.19')).toBe(0);
    expect(compareVersions('2026.08.19', '2026.10.1')).toBeLessThan(0);
    expect(compareVersions('2026.10.01', '2026.9.30')).toBeGreaterThan(0);
    // A nightly of the same day is newer than the release.
    expect(compareVersions('2025.10.22.232815', '2025.10.22')).toBeGreaterThan(0);
    expect(compareVersions('2025.10.22.232815.dev0', '2025.10.23')).toBeLessThan(0);
    expect(compareVersions('custom-build', '2026.08.19')).toBeNull();
    expect(compareVersions(null, '2026.08.19')).toBeNull();
  });

  it('writes pip versions as yt-dlp prints them', () => {
    expect(normalizeVersion('2026.8.19')).toBe('2026.08.19');
    expect(normalizeVersion('2025.10.22.232815')).toBe('2025.10.22.232815');
    expect(normalizeVersion('not-a-date')).toBe('not-a-date');
    expect(versionParts('v2024.1.2')).toEqual([2024, 1, 2]);
  });

  it('reads the release date, refusing impossible dates', () => {
    expect(releaseDate('2023.03.04')?.toISOString()).toBe('2023-03-04T00:00:00.000Z');
    expect(releaseDate('2023.02.30')).toBeNull();
    expect(releaseDate(null)).toBeNull();
  });

  it('supports Debian 12 and later, refuses older ones in words, and says nothing of an unknown version', () => {
    expect(isSupportedVersion('2023.03.04')).toBe(true);
    expect(isSupportedVersion('2026.08.19')).toBe(true);
    expect(isSupportedVersion('2023.03.03')).toBe(false);
    expect(isSupportedVersion(null)).toBe(false);
    expect(unsupportedVersionProblem('2021.12.27', '/usr/bin/yt-dlp')).toBe(
      'yt-dlp 2021.12.27 (/usr/bin/yt-dlp) is older than 2023.03.04, the oldest release vidkeep works with. Update it: press "Update yt-dlp" in Settings, or install a newer one.',
    );
    expect(unsupportedVersionProblem('2023.03.04', 'yt-dlp')).toBeNull();
    expect(unsupportedVersionProblem(null, 'yt-dlp')).toBeNull();
    expect(unsupportedVersionProblem('my-build', 'yt-dlp')).toBeNull();
  });
});
