import { nfoRatingLines, type DecidedRating } from './rating.js';

/**
 * The `.nfo` file written next to a downloaded video, so that Kodi, Jellyfin and Emby show its
 * title, description, channel, dates and tags. It uses their "movie" schema.
 */

export interface NfoInput {
  id: string;
  title?: string;
  fulltitle?: string;
  description?: string;
  /** YYYYMMDD */
  upload_date?: string;
  uploader?: string;
  channel?: string;
  uploader_id?: string;
  channel_id?: string;
  tags?: string[];
  categories?: string[];
  duration?: number;
  age_limit?: number;
  webpage_url?: string;
}

/** Everything XML 1.0 forbids: control characters other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF. */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Removes characters XML cannot hold; null when nothing but whitespace is left. */
function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(INVALID_XML, '');
  return text.trim() === '' ? null : text;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDD` → `YYYY-MM-DD` when it names a real calendar day, else null. */
function isoDay(uploadDate: unknown): string | null {
  if (typeof uploadDate !== 'string' || !/^\d{8}$/.test(uploadDate)) return null;
  const year = Number(uploadDate.slice(0, 4));
  const month = Number(uploadDate.slice(4, 6));
  const day = Number(uploadDate.slice(6, 8));
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${uploadDate.slice(0, 4)}-${uploadDate.slice(4, 6)}-${uploadDate.slice(6, 8)}`;
}

/** UTC `YYYY-MM-DD HH:mm:ss`, null for an invalid date. */
function utcStamp(date: Date): string | null {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return null;
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** Cleaned, non-empty, case-insensitively unique strings, first spelling kept. */
function unique(values: readonly unknown[], seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const value of values) {
    const text = clean(value)?.trim();
    if (!text) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Kodi/Jellyfin/Emby "movie" NFO (UTF-8 XML) for a downloaded video. */
export function buildNfo(
  info: NfoInput,
  opts: { dateAdded: Date; extraTags?: string[]; rating?: DecidedRating },
): string {
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>', '<movie>'];
  const element = (name: string, value: string | number | null, indent = 1, attributes = '') => {
    if (value === null) return;
    lines.push(
      `${'  '.repeat(indent)}<${name}${attributes}>${typeof value === 'number' ? String(value) : escape(value)}</${name}>`,
    );
  };

  const id = clean(info.id)?.trim() ?? null;
  const title = clean(info.fulltitle)?.trim() ?? clean(info.title)?.trim() ?? id;
  element('title', title);
  element('plot', clean(info.description));
  element('uniqueid', id, 1, ' type="youtube" default="true"');

  const premiered = isoDay(info.upload_date);
  element('premiered', premiered);
  element('year', premiered ? Number(premiered.slice(0, 4)) : null);
  element('dateadded', utcStamp(opts.dateAdded));

  const uploader = clean(info.uploader)?.trim() ?? null;
  const studio =
    uploader ??
    clean(info.channel)?.trim() ??
    clean(info.uploader_id)?.trim() ??
    clean(info.channel_id)?.trim() ??
    null;
  element('studio', studio);
  element('credits', uploader);

  for (const genre of unique(list(info.categories))) element('genre', genre);
  for (const tag of unique([...list(info.tags), ...list(opts.extraTags)])) element('tag', tag);

  const age = info.age_limit;
  // The decided content rating (reference 8.4's block); without one, the bare age limit as before.
  if (opts.rating) lines.push(...nfoRatingLines(opts.rating));
  else if (typeof age === 'number' && Number.isFinite(age) && age > 0) element('mpaa', `Age ${Math.floor(age)}+`);

  const duration = info.duration;
  if (typeof duration === 'number' && Number.isFinite(duration) && duration > 0) {
    element('runtime', Math.ceil(duration / 60));
    lines.push('  <fileinfo>', '    <streamdetails>', '      <video>');
    element('durationinseconds', Math.max(1, Math.round(duration)), 4);
    lines.push('      </video>', '    </streamdetails>', '  </fileinfo>');
  }

  lines.push('</movie>', '');
  return lines.join('\n');
}
