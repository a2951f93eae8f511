/**
 * Pure values the fake derives instead of storing: ids, counts and dates made deterministically
 * from seeds, so every run of every test sees the same platform.
 */
import { createHash } from 'node:crypto';

export const YT = 'https://www.youtube.com';
/** 2025-01-01T12:00:00Z: upload time of videos that give neither timestamp nor uploadDate. */
export const DEFAULT_TIMESTAMP = 1735732800;
/** Generated tabs: the newest video is from 2026-01-01T12:00:00Z, one per day before that. */
export const GENERATED_NEWEST = 1767268800;

export function digest(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

/** An 11-character video id made deterministically from a seed (same alphabet and shape as real ids). */
export function fakeVideoId(seed: string): string {
  return digest(`video:${seed}`).subarray(0, 8).toString('base64url');
}

/** A 24-character `UC...` channel id made deterministically from a seed. */
export function fakeChannelId(seed: string): string {
  return `UC${digest(`channel:${seed}`).subarray(0, 16).toString('base64url')}`;
}

/** A number in [0, modulo) made deterministically from a seed. */
export function numberFrom(seed: string, modulo: number): number {
  return digest(`n:${seed}`).readUInt32BE(0) % modulo;
}

/** YYYYMMDD (UTC) of a Unix timestamp. */
export function dateOf(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Noon UTC of a YYYYMMDD date, as a Unix timestamp. */
export function timestampOf(uploadDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(uploadDate);
  if (!m) throw new Error(`uploadDate must be YYYYMMDD, got ${uploadDate}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) / 1000;
}

export const handleOf = (h: string) => (h.startsWith('@') ? h : `@${h}`);

/** Bit rate in kbit/s with two decimals, as yt-dlp reports `tbr`. */
export const kbps = (bytes: number, seconds: number) => Math.round((bytes * 8) / seconds / 10) / 100;

/** Subscriber counts as YouTube shows them ("4.32K subscribers") and the Data API gives them: 3 significant figures, rounded down. */
export function roundCount(n: number): number {
  if (n < 1000) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.floor(n / unit) * unit;
}
