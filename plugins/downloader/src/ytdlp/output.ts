import { parsePlatformUrl } from '@vidkeep/platform';
import { DONE_MARK, PROGRESS_MARK } from './args.js';

export interface ProgressTick {
  status: string;
  downloadedBytes: number;
  totalBytes: number | null;
  speed: number | null;
  eta: number | null;
  filename: string | null;
}

export type OutputEvent =
  | { type: 'progress'; sourceId: string; tick: ProgressTick }
  | { type: 'done'; sourceId: string; path: string }
  | { type: 'started'; sourceId: string }
  | { type: 'destination'; path: string; stage: string }
  | { type: 'infoJson'; path: string }
  | { type: 'stage'; stage: 'merging' | 'processing' }
  | { type: 'archived'; sourceId: string }
  | { type: 'filtered' }
  | { type: 'error'; line: string }
  | { type: 'warning'; line: string }
  | { type: 'activity'; text: string };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function parseTick(json: string): ProgressTick | null {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  return {
    status: typeof raw.status === 'string' ? raw.status : 'downloading',
    downloadedBytes: Math.max(0, Math.round(num(raw.downloaded_bytes) ?? 0)),
    totalBytes: (() => {
      const t = num(raw.total_bytes) ?? num(raw.total_bytes_estimate);
      return t === null ? null : Math.round(t);
    })(),
    speed: num(raw.speed),
    eta: (() => {
      const e = num(raw.eta);
      return e === null ? null : Math.round(e);
    })(),
    filename: typeof raw.filename === 'string' ? raw.filename : null,
  };
}

/** What a destination file is: the video stream, the audio stream, subtitles or a thumbnail. */
export function stageOfFile(path: string): string {
  const lower = path.toLowerCase();
  if (/\.(vtt|srt|ass|ttml|srv\d|json3)$/.test(lower)) return 'subtitles';
  if (/\.(jpg|jpeg|png|webp)$/.test(lower)) return 'thumbnail';
  if (/\.f\d+\.(m4a|mp3|opus|ogg|aac|weba)$/.test(lower) || /\.(m4a|mp3|opus|aac)$/.test(lower)) return 'audio';
  return 'video';
}

const POSTPROCESSORS =
  /^\[(Merger|ExtractAudio|EmbedSubtitle|Metadata|SponsorBlock|ModifyChapters|VideoConvertor|VideoRemuxer|FixupM3u8|FixupM4a|FixupStretched|FixupDuplicateMoov|FixupTimestamp|FixupDuration)\]/;

/** Turns one line of yt-dlp output (stdout or stderr) into an event, or null for noise. */
export function parseOutputLine(rawLine: string): OutputEvent | null {
  const line = rawLine.trimEnd();
  if (!line) return null;
  if (line.startsWith(PROGRESS_MARK)) {
    const rest = line.slice(PROGRESS_MARK.length + 1);
    const space = rest.indexOf(' ');
    if (space <= 0) return null;
    const tick = parseTick(rest.slice(space + 1));
    return tick ? { type: 'progress', sourceId: rest.slice(0, space), tick } : null;
  }
  if (line.startsWith(DONE_MARK)) {
    const m = /^\S+ (\S+) (.+)$/.exec(line);
    return m ? { type: 'done', sourceId: m[1]!, path: m[2]! } : null;
  }
  if (line.includes('ERROR:')) return { type: 'error', line };
  const activity = activityOf(line);
  if (activity) return { type: 'activity', text: activity };
  if (line.startsWith('WARNING:')) return { type: 'warning', line };
  const extracting = /^\[[\w:]+\] Extracting URL: (\S+)/.exec(line);
  if (extracting) {
    const parsed = parsePlatformUrl(extracting[1]!);
    return parsed.kind === 'video' ? { type: 'started', sourceId: parsed.sourceId } : null;
  }
  const infoJson = /^\[info\] Writing video metadata as JSON to: (.+)$/.exec(line);
  if (infoJson) return { type: 'infoJson', path: infoJson[1]! };
  const destination = /^\[download\] Destination: (.+)$/.exec(line);
  if (destination) return { type: 'destination', path: destination[1]!, stage: stageOfFile(destination[1]!) };
  const archived = /^\[download\] ([A-Za-z0-9_-]+): .* has already been recorded in the archive/.exec(line);
  if (archived) return { type: 'archived', sourceId: archived[1]! };
  if (/^\[download\] .* does not pass filter/.test(line)) return { type: 'filtered' };
  const pp = POSTPROCESSORS.exec(line);
  if (pp) return { type: 'stage', stage: pp[1] === 'Merger' ? 'merging' : 'processing' };
  return null;
}

/**
 * What yt-dlp says it is doing while no bytes arrive, in words: its retries after an error
 * (`[download] Got error: … Retrying (2/10)...`, also per fragment and in extractors) and its
 * pauses (`[download] Sleeping 5.00 seconds ...`). Null for any other line.
 */
export function activityOf(line: string): string | null {
  const retry = /Got error: (.{0,200}?)\.? Retrying(?: fragment (\d+))? \((\d+)\/(\d+|inf)\)/.exec(line);
  if (retry) {
    const cause = /timed? ?out/i.test(retry[1]!)
      ? 'the connection timed out'
      : (/HTTP Error (\d{3})/i.exec(retry[1]!)?.[0] ?? 'a network error');
    const of = retry[4] === 'inf' ? '' : ` of ${retry[4]}`;
    const fragment = retry[2] ? ` (fragment ${retry[2]})` : '';
    return `retrying after ${cause}${fragment}, attempt ${retry[3]}${of}`;
  }
  const sleeping = /^\[[\w:]+\] Sleeping ([\d.]+) seconds?/.exec(line);
  if (sleeping) return `waiting ${Math.round(Number(sleeping[1]))} s before the next request`;
  return null;
}
