import type { ChannelRow } from '../entities.js';

type Limits = Pick<ChannelRow, 'minDuration' | 'maxDuration'>;

/** Seconds as a clock: 45 → "0:45", 600 → "10:00", 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * Why a channel's automatic choice (the sweep, download-all) leaves a video out because of the
 * channel's duration limits, in words ("shorter than 1:00, the channel's minimum"), or null when
 * it passes. A video whose duration the listing does not give passes: nothing is known against it.
 */
export function durationSkip(limits: Limits, seconds: number | null): string | null {
  if (seconds === null) return null;
  if (limits.minDuration !== null && seconds < limits.minDuration)
    return `shorter than ${clock(limits.minDuration)}, the channel's minimum duration`;
  if (limits.maxDuration !== null && seconds > limits.maxDuration)
    return `longer than ${clock(limits.maxDuration)}, the channel's maximum duration`;
  return null;
}

/** Splits listed videos into those the limits let through and the skipped ones counted by reason. */
export function applyDurationLimits<T extends { duration: number | null }>(
  limits: Limits,
  rows: readonly T[],
): { kept: T[]; skipped: { reason: string; count: number }[] } {
  const kept: T[] = [];
  const counts = new Map<string, number>();
  for (const r of rows) {
    const reason = durationSkip(limits, r.duration);
    if (reason === null) kept.push(r);
    else counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  // Shorter first, whatever order the listing had.
  const skipped = [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => Number(a.reason.startsWith('longer')) - Number(b.reason.startsWith('longer')));
  return { kept, skipped };
}
