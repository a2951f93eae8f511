/** Human formatting for sizes, speeds and times (pure; shared by the pages). */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Decimal units like file managers: 1500 → "1.5 KB", 2_000_000_000 → "2.0 GB". Null/invalid → "". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  // 999.95 KB would round to "1000.0 KB": move up one unit instead.
  if (Number(value.toFixed(value < 10 ? 1 : 0)) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** Download speed: 1_500_000 → "1.5 MB/s". Null or not positive → "". */
export function formatSpeed(bytesPerSecond: number | null | undefined): string {
  if (
    bytesPerSecond === null ||
    bytesPerSecond === undefined ||
    !Number.isFinite(bytesPerSecond) ||
    bytesPerSecond <= 0
  )
    return '';
  return `${formatBytes(bytesPerSecond)}/s`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left: 42 → "42 s", 185 → "3 min 05 s", 3720 → "1 h 02 min", 183600 → "2 d 03 h". Null/negative → "". */
export function formatEta(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
  return `${Math.floor(s / 86400)} d ${pad(Math.floor((s % 86400) / 3600))} h`;
}

/** A video's length as a clock: 65 → "1:05", 3723 → "1:02:03". Null/negative → "". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** A percent for display: 42.345 → "42.3 %", clamped to 0..100. */
export function formatPercent(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '';
  const p = Math.min(100, Math.max(0, percent));
  return `${p >= 100 || p === 0 ? p.toFixed(0) : p.toFixed(1)} %`;
}

/** `completed_with_errors` → "completed with errors". */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Statuses of a job that ended with something to look at. */
export const isProblemStatus = (status: string): boolean =>
  status === 'failed' || status === 'completed_with_errors' || status === 'interrupted';

/** A job's counts in words: "3 of 5 done · 1 failed · 1 skipped" (`done` names what counts as done). */
export function jobCountsText(
  counts: { total: number; completed: number; failed: number; skipped: number; cancelled: number },
  done: string,
): string {
  const parts = [`${counts.completed} of ${counts.total} ${done}`];
  if (counts.failed) parts.push(`${counts.failed} failed`);
  if (counts.skipped) parts.push(`${counts.skipped} skipped`);
  if (counts.cancelled) parts.push(`${counts.cancelled} cancelled`);
  return parts.join(' · ');
}

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

/**
 * A time to come, in the browser's local time: "16:45" today, "09:30 on Tue, Dec 1" (the locale's
 * date) on another day (a cool-down ending tomorrow, the next automatic check after midnight).
 */
export function clockTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.toDateString() === now.toDateString()) return clock;
  return `${clock} on ${at.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}`;
}
