import { appendFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloaderConfigSection, DownloadRecord } from '@vidkeep/contracts';
import type { DownloaderJob } from '../../entities.js';
import {
  finalizeVideo,
  publishedAtOf,
  reportedResolution,
  type FinalizedVideo,
  type InfoJson,
} from '../../files/finalize.js';
import { listFiles, ensureChannelPoster, decideRating, MANUAL_OVERRIDE } from '@vidkeep/library-files';
import { diagnose } from '../../ytdlp/failures.js';
import { metadataOf } from '../metadata.js';
import type { ChannelSettingsCache } from './channel-settings.js';
import type { JobRunDeps } from './deps.js';
import { folderSettings } from './download-settings.js';
import type { RunStateStore, VideoRun } from './state-store.js';

/** How many videos' info.json the finisher keeps (see `FileFinisher.infos`). */
const KEPT_INFOS = 3;

export interface FinisherContext {
  job: DownloaderJob;
  state: RunStateStore;
  channels: ChannelSettingsCache;
  stagingDir: string;
  config: DownloaderConfigSection;
}

/**
 * Finishes each downloaded video: its files move from staging into the library (with NFO, tags
 * and poster), its record is saved, and plugins hear of it. Also learns titles from the
 * info.json yt-dlp writes before downloading.
 */
export class FileFinisher {
  /**
   * The info.json of the last videos yt-dlp announced, as read then, for finishing their files
   * (read once instead of three times). yt-dlp works on one video at a time, so a few suffice; a
   * video that failed after its info leaves, oldest first, and one not kept is read again.
   */
  private readonly infos = new Map<string, InfoJson>();

  constructor(
    private readonly deps: JobRunDeps,
    private readonly ctx: FinisherContext,
  ) {}

  /** Reads an info.json yt-dlp just wrote: the queue shows the title before the file is done. */
  async learnInfo(v: VideoRun, infoPath: string): Promise<void> {
    try {
      const info = JSON.parse(await readFile(infoPath, 'utf8')) as InfoJson;
      this.infos.set(v.row.sourceId, info);
      if (this.infos.size > KEPT_INFOS) this.infos.delete(this.infos.keys().next().value!);
      const meta = metadataOf(info);
      this.deps.metadata?.provide(v.row.sourceId, meta);
      if (v.row.title !== null) return;
      await this.ctx.state.learn(v, {
        title: meta.title.slice(0, 500),
        duration: meta.duration ?? v.row.duration,
        thumbnail: meta.thumbnail?.slice(0, 2048) ?? v.row.thumbnail,
      });
    } catch {
      /* the title arrives with the finished file instead */
    }
  }

  async finish(v: VideoRun): Promise<void> {
    const { deps } = this;
    const { job, state, config } = this.ctx;
    await state.setState(v, 'processing');
    try {
      const stagingRoot = join(this.ctx.stagingDir, v.row.sourceId);
      const info = this.infos.get(v.row.sourceId);
      this.infos.delete(v.row.sourceId);
      // The info.json read when yt-dlp announced it, else the one it left in staging.
      const staged = info ?? (await readStagedInfo(stagingRoot));
      if (await this.keepsBetterFile(v, staged)) {
        await rm(stagingRoot, { recursive: true, force: true });
        return;
      }
      const channelId =
        job.options.ownerChannelId ?? (typeof staged?.channel_id === 'string' ? staged.channel_id : null);
      const channel = await this.ctx.channels.get(channelId);
      const folders = folderSettings(job.options, channel, config);
      const previous = await deps.library.record(v.row.sourceId);
      const rating = decideRating({
        override: job.options.rating,
        previousManual: previous?.ratingSource === MANUAL_OVERRIDE ? { rating: previous.normalizedRating } : null,
        channelDefault: channel?.enabled ? (channel.defaultRating ?? null) : null,
        playlistDefault: job.options.fallbackRating ?? null,
        ageLimit: staged?.age_limit,
      });
      const result = await finalizeVideo({
        sourceId: v.row.sourceId,
        stagingRoot,
        info,
        outputDir: deps.paths.outputDir,
        infoDir: deps.paths.infoDir,
        imagesDir: deps.paths.imagesDir,
        ...folders,
        writeNfo: config.writeVideoNfoFiles,
        rating,
        writeFanart: config.writeVideoFanart,
        setFileTimes: config.setFileTimesToUploadDate,
        ffmpeg: deps.tools.path('ffmpeg'),
        ffprobe: deps.tools.path('ffprobe'),
        env: deps.env,
      });
      await rm(stagingRoot, { recursive: true, force: true });
      if (config.writeChannelPosters && channelId) await this.writePoster(channelId, result.channelDir);
      deps.metadata?.provide(v.row.sourceId, metadataOf(result.info));
      const now = new Date();
      for (const warning of result.warnings) deps.logger.warn({ jobId: job.id, sourceId: v.row.sourceId }, warning);
      const saved = await deps.library.recordDownload({
        ...this.record(v, result, folders.subfolder, now),
        normalizedRating: rating.rating,
        ratingSource: rating.source,
      });
      if (folders.subfolder) await deps.library.registerSubfolders([folders.subfolder]);
      if (job.options.useArchive) await appendArchive(deps.paths.archiveFile, v.row.sourceId).catch(() => undefined);
      await state.complete(v, { videoId: saved.id, title: saved.title, duration: saved.duration });
      deps.events.publish('downloader.video.downloaded', {
        jobId: job.id,
        jobType: job.type,
        videoId: saved.id,
        sourceId: saved.sourceId,
        title: saved.title,
        channelId: saved.channelId,
        channelName: saved.channelName,
        filePath: saved.filePath,
        audioFilePath: saved.audioFilePath,
        subfolder: saved.subfolder,
        publishedAt: publishedAtOf(result.info)?.toISOString() ?? null,
        mediaType: saved.mediaType,
        downloadedAt: now.toISOString(),
      });
      deps.logger.info(
        { jobId: job.id, sourceId: v.row.sourceId, filePath: saved.filePath ?? saved.audioFilePath },
        'Video downloaded',
      );
    } catch (err) {
      const d = diagnose(failureKindOf(err), { sourceId: v.row.sourceId, detail: (err as Error).message });
      deps.logger.error({ err, jobId: job.id, sourceId: v.row.sourceId }, 'Finishing a downloaded video failed');
      await state.failFinishing(v, d);
    }
  }

  /**
   * Never lets a re-download replace a library file of a higher resolution unless the job
   * allows it (issue 16): the video ends `skipped`, saying the better file was kept.
   */
  private async keepsBetterFile(v: VideoRun, info: InfoJson | null): Promise<boolean> {
    if (this.ctx.job.options.allowLowerResolution || !info) return false;
    const existing = await this.deps.library.record(v.row.sourceId);
    if (!existing || existing.removed || !existing.filePath) return false;
    const kept = heightOf(existing.videoResolution);
    const fresh = heightOf(reportedResolution(info));
    if (kept === null || fresh === null || fresh >= kept) return false;
    if (!(await this.deps.library.fileStatus(existing).then((s) => s === 'downloaded'))) return false;
    const detail = `library file ${existing.videoResolution}, new download ${reportedResolution(info)}`;
    const keptBetter = diagnose('kept_better_file', { sourceId: v.row.sourceId, detail });
    this.ctx.state.noteFailure(keptBetter, v, null);
    await this.ctx.state.settle(v, 'skipped', keptBetter);
    this.deps.logger.info({ jobId: this.ctx.job.id, sourceId: v.row.sourceId, detail }, 'Kept the better library file');
    return true;
  }

  /** The channel's `poster.jpg`, when its folder has none; a failure never fails the video. */
  private async writePoster(channelId: string, channelDir: string): Promise<void> {
    try {
      const outcome = await ensureChannelPoster(
        channelDir,
        async () => (await this.deps.channelArtwork()?.posterFile(channelId)) ?? null,
      );
      if (outcome === 'written') this.deps.logger.info({ channelId, channelDir }, 'Wrote the channel poster');
    } catch (err) {
      this.deps.logger.warn(
        { channelId, channelDir, err: (err as Error).message },
        'Could not write the channel poster',
      );
    }
  }

  /** The library record of a finished video, from its info.json and where its files went. */
  private record(
    v: VideoRun,
    result: FinalizedVideo,
    subfolder: string | null,
    now: Date,
  ): Omit<DownloadRecord, 'normalizedRating' | 'ratingSource'> {
    const { info } = result;
    const { job } = this.ctx;
    return {
      sourceId: v.row.sourceId,
      title: String(info.title ?? info.fulltitle ?? v.row.title ?? v.row.sourceId).slice(0, 500),
      channelName: (info.uploader ?? info.channel ?? null) as string | null,
      channelId: job.options.ownerChannelId ?? (typeof info.channel_id === 'string' ? info.channel_id : null),
      description: typeof info.description === 'string' ? info.description : null,
      duration: typeof info.duration === 'number' ? Math.round(info.duration) : null,
      uploadDate: typeof info.upload_date === 'string' && /^\d{8}$/.test(info.upload_date) ? info.upload_date : null,
      mediaType: typeof info.media_type === 'string' ? info.media_type : 'video',
      thumbnailPath: result.thumbnailPath,
      filePath: result.filePath,
      fileSize: result.fileSize,
      audioFilePath: result.audioFilePath,
      audioFileSize: result.audioFileSize,
      videoResolution: result.videoResolution,
      subfolder,
      removed: false,
      removedAt: null,
      missingAt: null,
      downloadedAt: now,
      jobId: job.id,
    };
  }
}

/** Which failure a finishing error is: a full disk and an unwritable library are the user's to fix. */
function failureKindOf(err: unknown): 'disk_full' | 'output_not_writable' | 'postprocess' {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'disk_full';
  if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') return 'output_not_writable';
  return 'postprocess';
}

/** The info.json yt-dlp left in a video's staging root, or null. */
async function readStagedInfo(stagingRoot: string): Promise<InfoJson | null> {
  const info = (await listFiles(stagingRoot)).find((f) => f.endsWith('.info.json'));
  if (!info) return null;
  try {
    return JSON.parse(await readFile(join(stagingRoot, info), 'utf8')) as InfoJson;
  } catch {
    return null;
  }
}

/** The smaller side of `WIDTHxHEIGHT` (the "1080" of 1080p, also for portrait video), or null. */
function heightOf(resolution: string | null): number | null {
  const m = /^(\d+)x(\d+)$/.exec(resolution ?? '');
  const side = m ? Math.min(Number(m[1]), Number(m[2])) : 0;
  return side > 0 ? side : null;
}

async function appendArchive(file: string, sourceId: string): Promise<void> {
  const line = `youtube ${sourceId}`;
  const current = await readFile(file, 'utf8').catch(() => '');
  if (current.split('\n').some((l) => l.trim() === line)) return;
  await appendFile(file, `${line}\n`);
}
