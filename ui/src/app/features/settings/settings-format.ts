import type { ToolUpdateResponse } from './contracts';

/** A date-time for lists ("Nov 23, 2026, 12:02 PM"); `fallback` for none or an invalid value. */
export function formatWhen(
  iso: string | null | undefined,
  fallback = 'never',
  locale?: string,
  timeZone?: string,
): string {
  if (!iso) return fallback;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return fallback;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

/** "Firefox on Linux" from a user-agent string; the raw string when nothing is recognised. */
export function describeUserAgent(ua: string | null | undefined): string {
  const text = (ua ?? '').trim();
  if (!text) return 'Unknown client';
  const browsers: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/^curl\//i, 'curl'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(text))?.[1];
  const system = systems.find(([re]) => re.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Task run statuses in words. */
export function runStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'running':
      return 'Running';
    case 'success':
      return 'Succeeded';
    case 'error':
      return 'Failed';
    case 'skipped':
      return 'Skipped';
    case 'interrupted':
      return 'Interrupted';
    default:
      return 'Never run';
  }
}

/** One line about a finished `POST /api/ytdlp/update`. */
export function updateSummary(r: ToolUpdateResponse): string {
  const version =
    r.newVersion && r.newVersion !== r.currentVersion
      ? `${r.currentVersion ?? 'unknown'} → ${r.newVersion}`
      : r.currentVersion;
  const heads: Record<string, string> = {
    updated: 'Updated',
    'up-to-date': 'Already up to date',
    skipped: 'Skipped',
    error: 'Update failed',
  };
  const head = heads[r.reason] ?? String(r.reason);
  return [head + (version ? ` (${version})` : ''), r.message].filter((s) => s && s.trim() !== '').join(': ');
}
