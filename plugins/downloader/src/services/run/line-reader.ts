import { relative, resolve, sep } from 'node:path';
import { classifyLine, terminatedChannelOf, type Classified } from '../../ytdlp/failures.js';
import { parseOutputLine, type OutputEvent, type ProgressTick } from '../../ytdlp/output.js';

/**
 * What a line of yt-dlp output means for a job. `sourceId` is always one of the job's videos
 * (or null when the line concerns none of them); `started` and `postprocessing` also matter
 * without a video, because they reset the inactivity timeout.
 */
export type RunEvent =
  | { type: 'started'; sourceId: string | null }
  | { type: 'progress'; sourceId: string; tick: ProgressTick }
  | { type: 'destination'; sourceId: string; stage: string }
  | { type: 'postprocessing'; sourceId: string | null; stage: 'merging' | 'processing' }
  | { type: 'done'; sourceId: string }
  | { type: 'infoWritten'; sourceId: string; path: string }
  | { type: 'archived'; sourceId: string | null }
  | { type: 'filtered'; sourceId: string | null }
  | { type: 'failure'; sourceId: string | null; classified: Classified; terminatedChannel: string | null }
  | { type: 'activity'; sourceId: string; text: string };

export interface LineReaderOptions {
  /** The job's staging folder: info.json paths are relative to it, under the video's id. */
  stagingDir: string;
  /** The job's videos. */
  sourceIds: ReadonlySet<string>;
  /** Decides how sign-in failures are explained. */
  cookiesEnabled: boolean;
  /** Whether the yt-dlp is older than the newest release (null: not known): decides the update advice. */
  ytdlpOutdated?: boolean | null;
}

/**
 * Reads yt-dlp's output of one job line by line and says what each line means for the job's
 * videos. It keeps the little context the output needs (which video is current, an `ERROR:`
 * split over two lines, an info.json being written) and does no I/O, so it is tested alone.
 */
export class LineReader {
  private current: string | null = null;
  private pendingError = false;
  /** An info.json yt-dlp announced and is writing now: complete once the next line arrives. */
  private pendingInfo: { sourceId: string; path: string } | null = null;

  constructor(private readonly options: LineReaderOptions) {}

  /** The events of one line (an announced info.json is reported with the next line). */
  read(rawLine: string): RunEvent[] {
    // A carriage return inside a line joins yt-dlp's retry notice to an `ERROR:` prefix.
    let line = rawLine.replace(/\r/g, ' ');
    if (this.pendingError) {
      this.pendingError = false;
      line = `ERROR: ${line.trim()}`;
    } else if (line.trim() === 'ERROR:') {
      // yt-dlp sometimes prints `ERROR:` alone with the message on the next line.
      this.pendingError = true;
      return [];
    }
    const event = parseOutputLine(line);
    if (!event) return [];
    const events = this.end();
    const meaning = this.meaning(event);
    if (meaning) events.push(meaning);
    return events;
  }

  /** The info.json announced last, once yt-dlp has moved on (or exited). */
  end(): RunEvent[] {
    const info = this.pendingInfo;
    this.pendingInfo = null;
    return info ? [{ type: 'infoWritten', ...info }] : [];
  }

  private video(sourceId: string | null): string | null {
    return sourceId !== null && this.options.sourceIds.has(sourceId) ? sourceId : null;
  }

  private meaning(event: OutputEvent): RunEvent | null {
    switch (event.type) {
      case 'started':
        this.current = event.sourceId;
        return { type: 'started', sourceId: this.video(event.sourceId) };
      case 'progress':
        if (!this.video(event.sourceId)) return null;
        this.current = event.sourceId;
        return event;
      case 'destination': {
        const sourceId = this.video(this.current);
        return sourceId ? { type: 'destination', sourceId, stage: event.stage } : null;
      }
      case 'stage':
        return { type: 'postprocessing', sourceId: this.video(this.current), stage: event.stage };
      case 'done':
        return this.video(event.sourceId) ? { type: 'done', sourceId: event.sourceId } : null;
      case 'infoJson': {
        // The first moment yt-dlp knows the title; the file is written right after this line.
        const { stagingDir } = this.options;
        const path = resolve(stagingDir, event.path);
        const sourceId = this.video(relative(stagingDir, path).split(sep)[0] ?? null);
        if (sourceId) this.pendingInfo = { sourceId, path };
        return null;
      }
      case 'archived':
        return { type: 'archived', sourceId: this.video(event.sourceId) };
      case 'filtered':
        return { type: 'filtered', sourceId: this.video(this.current) };
      case 'error': {
        const { cookiesEnabled, ytdlpOutdated } = this.options;
        const classified = classifyLine(event.line, { cookiesEnabled, ytdlpOutdated });
        if (!classified) return null;
        return {
          type: 'failure',
          sourceId: this.video(classified.sourceId) ?? this.video(this.current),
          classified,
          terminatedChannel: terminatedChannelOf(event.line),
        };
      }
      case 'warning':
        return null;
      case 'activity': {
        const sourceId = this.video(this.current);
        return sourceId ? { type: 'activity', sourceId, text: event.text } : null;
      }
    }
  }
}
