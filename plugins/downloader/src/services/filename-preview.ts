import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DownloaderErrorCodes as E,
  InvalidInputError,
  UnavailableError,
  type FilenamePreview as Preview,
} from '@vidkeep/contracts';
import { fileTemplates } from '../ytdlp/args.js';
import { runToCompletion } from '../ytdlp/process.js';
import type { ToolLocator } from './tools.js';

/**
 * The video every preview renders: a bundled info dict shaped like the platform's (a title with
 * characters file systems refuse, so the preview shows how they are replaced). yt-dlp reads it
 * with `--load-info-json` and downloads nothing.
 */
export const SAMPLE_INFO = {
  id: 'dQw4w9WgXcQ',
  title: 'How Media Servers Read Folders: A Guide | Part 1?',
  fulltitle: 'How Media Servers Read Folders: A Guide | Part 1?',
  uploader: 'Example Channel',
  channel: 'Example Channel',
  uploader_id: '@examplechannel',
  channel_id: 'UCuAXFkgsw1L7xaCfnd5JJOw',
  upload_date: '20250314',
  timestamp: 1741953600,
  release_date: '20250314',
  duration: 212,
  view_count: 1234567,
  like_count: 45678,
  channel_follower_count: 98765,
  playlist_index: 3,
  ext: 'mp4',
  extractor: 'youtube',
  extractor_key: 'Youtube',
  webpage_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  _type: 'video',
  format_id: '18',
  url: 'http://127.0.0.1:9/never-fetched.mp4',
  formats: [
    {
      format_id: '18',
      ext: 'mp4',
      url: 'http://127.0.0.1:9/never-fetched.mp4',
      vcodec: 'avc1',
      acodec: 'mp4a',
      width: 640,
      height: 360,
    },
  ],
};

const CACHED = 200;
const utf8Bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * `POST /api/config/filename-preview` and the save check of `videoFilenamePrefix`: renders a
 * prefix the way downloads use it (`<prefix> [<id>].<ext>` files in `<prefix> - <id>` folders)
 * with the real yt-dlp against the sample video, so a template yt-dlp rejects is refused before
 * any download uses it. Results are remembered per prefix (yt-dlp takes about half a second).
 */
export class FilenamePreviewer {
  private readonly cache = new Map<string, Preview | string>();
  private sampleWritten: Promise<string> | null = null;

  constructor(
    private readonly deps: {
      tools: Pick<ToolLocator, 'path'>;
      env: NodeJS.ProcessEnv;
      /** Where the sample's info.json is written once (`CONFIG_DIR/jobs`). */
      jobsDir: string;
    },
  ) {}

  /** The rendered lines, or InvalidInputError (`DOWNLOAD_INVALID_PREFIX`) with yt-dlp's reason. */
  async preview(prefix: string): Promise<Preview> {
    const result = await this.render(prefix);
    if (typeof result === 'string') throw new InvalidInputError(E.invalidPrefix, result);
    return result;
  }

  /**
   * Why yt-dlp refuses the prefix, or null when it renders (the config save check). Without a
   * working yt-dlp the save goes through: no download can run then anyway, and each says why.
   */
  async problem(prefix: string): Promise<string | null> {
    try {
      const result = await this.render(prefix);
      return typeof result === 'string' ? result : null;
    } catch (err) {
      if (err instanceof UnavailableError) return null;
      throw err;
    }
  }

  private async render(prefix: string): Promise<Preview | string> {
    const known = this.cache.get(prefix);
    if (known !== undefined) return known;
    const sample = await this.sample();
    const { folder, file } = fileTemplates(prefix);
    const ytdlp = this.deps.tools.path('ytdlp');
    const r = await runToCompletion(
      ytdlp,
      [
        '--ignore-config',
        '--no-colors',
        '--load-info-json',
        sample,
        '--skip-download',
        '--windows-filenames',
        '--print',
        'filename',
        '-o',
        `${folder}/${file}`,
      ],
      { env: this.deps.env, timeoutMs: 30_000, maxOutputBytes: 64 * 1024 },
    );
    if (r.spawnError)
      throw new UnavailableError(
        E.toolMissing,
        `yt-dlp (${ytdlp}) could not be started (${r.spawnError}), so the prefix cannot be checked. Install yt-dlp or set ytdlpPath.`,
      );
    let result: Preview | string;
    const line = r.stdout.split('\n').find((l) => l.trim() !== '');
    const cut = line ? line.indexOf('/') : -1;
    if (r.exitCode === 0 && line && cut > 0) {
      const folderLine = line.slice(0, cut);
      const fileLine = line.slice(cut + 1);
      result = { fileLine, folderLine, fileLineLength: utf8Bytes(fileLine), folderLineLength: utf8Bytes(folderLine) };
    } else {
      result = `Template rejected by yt-dlp: ${rejection(r.stderr) ?? `yt-dlp exited with code ${r.exitCode}`}`;
    }
    if (r.timedOut) return result;
    if (this.cache.size >= CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(prefix, result);
    return result;
  }

  private sample(): Promise<string> {
    this.sampleWritten ??= (async () => {
      await mkdir(this.deps.jobsDir, { recursive: true });
      const file = join(this.deps.jobsDir, 'filename-preview.info.json');
      await writeFile(file, JSON.stringify(SAMPLE_INFO));
      return file;
    })().catch((err: unknown) => {
      this.sampleWritten = null;
      throw err;
    });
    return this.sampleWritten;
  }
}

/** yt-dlp's own words: `yt-dlp: error: invalid output template "%(title": incomplete format key`. */
function rejection(stderr: string): string | null {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const error = lines.find((l) => /^(?:yt-dlp: error:|ERROR:)/.test(l)) ?? lines.at(-1);
  return error ? error.replace(/^(?:yt-dlp: error:|ERROR:)\s*/, '').slice(0, 300) : null;
}
