import type { DownloaderContext, WiredDownloader } from './wiring.js';
import { unsupportedVersionProblem } from './ytdlp/versions.js';

/** How long after the app is ready the tool version probes run (after the server listens). */
const TOOL_PROBE_DELAY_MS = 1000;

/** The `tools` health check: yt-dlp, ffmpeg and ffprobe found, and the yt-dlp new enough. */
export function registerToolHealth(ctx: DownloaderContext, { tools }: WiredDownloader): void {
  ctx.healthCheck('tools', () => {
    const missing = (['ytdlp', 'ffmpeg', 'ffprobe'] as const).filter((t) => !tools.known(t).found);
    if (missing.length > 0) {
      return {
        ok: false,
        message: `Not found: ${missing.map((t) => tools.path(t)).join(', ')}. Downloads cannot run until they are installed (Debian: apt-get install yt-dlp ffmpeg) or their paths are set.`,
      };
    }
    const ytdlp = tools.known('ytdlp');
    const tooOld = unsupportedVersionProblem(ytdlp.version, ytdlp.path);
    return tooOld ? { ok: false, message: tooOld } : { ok: true };
  });
}

/**
 * The version probes start a second after the app is ready, once the server listens: the three
 * spawns (and the process supervisor's shell, started with the first tool) cost about 75 ms of
 * the main thread, which the first answer would otherwise wait for. Until they report, a tool
 * counts as found, and a job that starts meanwhile reports a missing tool by itself;
 * `GET /api/tools` checks a tool it has not seen yet. Returns what cancels the pending probe.
 */
export function probeToolsSoon(
  ctx: DownloaderContext,
  { tools, privateYtDlp, downloading }: WiredDownloader,
): () => void {
  const probe = () =>
    tools.checkAll().then(
      (found) => {
        for (const t of Object.values(found)) {
          if (!t.found) {
            ctx.logger.warn(
              { tool: t.name, path: t.path },
              `${t.path} was not found: downloads will fail until it is installed (Debian: apt-get install yt-dlp ffmpeg) or its path is set in Settings`,
            );
          }
        }
        ctx.logger.info({ ytdlp: found.ytdlp.version, ffmpeg: found.ffmpeg.version }, 'Downloader tools checked');
        const tooOld = unsupportedVersionProblem(found.ytdlp.version, found.ytdlp.path);
        if (tooOld) ctx.logger.warn({ path: found.ytdlp.path }, tooOld);
        // What the yt-dlp understands is read before the first job needs it; releases two
        // updates old are deleted while nothing runs from them.
        void tools.ytdlp().catch(() => undefined);
        void privateYtDlp.prune(downloading).catch(() => undefined);
      },
      (err: unknown) => ctx.logger.warn({ err }, 'Checking the downloader tools failed'),
    );
  const timer = setTimeout(() => void probe(), TOOL_PROBE_DELAY_MS);
  timer.unref();
  return () => clearTimeout(timer);
}
