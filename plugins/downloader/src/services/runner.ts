import { access, appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type {
  ChannelDownloadSettings,
  ChannelSettingsProvider,
  Diagnosis,
  DownloaderConfigSection,
  DownloadProgress,
  EventBus,
  JobAuxData,
  JobStatus,
  JobVideoState,
  LiveHub,
  PluginLogger,
  Resolution,
} from '@vidkeep/contracts';
import { replaceControlChars, subfolderProblem } from '@vidkeep/contracts';
import type { DownloaderJob, DownloaderJobVideo } from '../entities.js';
import { finalizeVideo } from '../files/finalize.js';
import { listFiles } from '../files/move.js';
import { buildDownloadArgs } from '../ytdlp/args.js';
import { parseCustomArgs } from '../ytdlp/custom-args.js';
import { classifyLine, diagnose, terminatedChannelOf, toDiagnosis, type Classified } from '../ytdlp/failures.js';
import { parseOutputLine, type OutputEvent } from '../ytdlp/output.js';
import { ToolProcess, type StopReason } from '../ytdlp/process.js';
import type { ActivityTracker } from './activity.js';
import { emptyAux, type JobStore } from './job-store.js';
import { metadataOf, type MetadataService } from './metadata.js';
import type { ToolLocator } from './tools.js';
import type { VideoStore } from './video-store.js';

export interface RunnerDeps {
  config: () => DownloaderConfigSection;
  store: JobStore;
  videos: VideoStore;
  tools: ToolLocator;
  activity: ActivityTracker;
  hub: LiveHub | undefined;
  events: EventBus;
  logger: PluginLogger;
  channelSettings: () => ChannelSettingsProvider | undefined;
  env: NodeJS.ProcessEnv;
  paths: {
    outputDir: string;
    stagingBase: string;
    infoDir: string;
    imagesDir: string;
    cookiesFile: string;
    archiveFile: string;
  };
  /** Called with the job's summary after each state change worth showing. */
  onJobChanged: (jobId: string) => void;
  /** Learns each video's info as yt-dlp writes it, so requests need not look it up again. */
  metadata?: Pick<MetadataService, 'provide' | 'abandon'>;
}

interface VideoRun {
  row: DownloaderJobVideo;
  state: JobVideoState;
  progress: DownloadProgress | null;
  diagnosis: Diagnosis | null;
}

const TERMINAL: JobVideoState[] = ['completed', 'failed', 'skipped', 'cancelled', 'interrupted'];
const MINUTE = 60_000;
/** Ends a text with exactly one full stop. */
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** Valid subfolder names: one path segment, no dot prefix, not reserved (spec 1.1). */

/** One job: one yt-dlp process over the job's videos, post-processing each as it finishes. */
export class JobRun {
  private proc: ToolProcess | null = null;
  private readonly byId = new Map<string, VideoRun>();
  private current: string | null = null;
  private aux: JobAuxData;
  private post: Promise<void> = Promise.resolve();
  private botCheck = false;
  private stopRequested: StopReason | null = null;
  private readonly channelCache = new Map<string, Promise<ChannelDownloadSettings | null>>();
  private freeSlot!: () => void;
  /**
   * Resolves when yt-dlp has exited: the job still finishes its last files, but the queue may
   * start the next download meanwhile, so post-processing never holds up downloading.
   */
  readonly downloadFinished = new Promise<void>((resolve) => {
    this.freeSlot = resolve;
  });

  constructor(
    private readonly deps: RunnerDeps,
    readonly job: DownloaderJob,
    rows: DownloaderJobVideo[],
  ) {
    this.aux = { ...emptyAux(), ...(job.auxData ?? {}) };
    for (const row of rows)
      this.byId.set(row.sourceId, { row, state: row.state, progress: null, diagnosis: row.diagnosis });
  }

  /** Live progress of the job's videos (merged into job details). */
  progressOf(sourceId: string): DownloadProgress | null {
    return this.byId.get(sourceId)?.progress ?? null;
  }

  stop(reason: StopReason): void {
    this.stopRequested ??= reason;
    this.proc?.stop(reason);
  }

  private get log() {
    return this.deps.logger;
  }

  private channel(channelId: string | null | undefined): Promise<ChannelDownloadSettings | null> {
    if (!channelId) return Promise.resolve(null);
    let p = this.channelCache.get(channelId);
    if (!p) {
      const provider = this.deps.channelSettings();
      p = provider ? provider.settingsFor(channelId).catch(() => null) : Promise.resolve(null);
      this.channelCache.set(channelId, p);
    }
    return p;
  }

  async run(): Promise<void> {
    const { store, config: cfg } = this.deps;
    const job = this.job;
    const config = cfg();
    const pending = [...this.byId.values()].filter((v) => v.state === 'queued');
    await store.update(job.id, { status: 'running', startedAt: job.startedAt ?? new Date() });
    this.deps.onJobChanged(job.id);

    const stagingDir = join(this.deps.paths.stagingBase, job.id);
    try {
      const problem = await this.preflight(stagingDir);
      if (problem) {
        await this.failRemaining(problem);
        return await this.finish(null);
      }
      const custom = parseCustomArgs(config.ytdlpCustomArgs);
      if (!custom.ok) {
        await this.failRemaining(diagnose('unknown', { detail: `ytdlpCustomArgs: ${custom.error}` }));
        return await this.finish(`The custom yt-dlp arguments in Settings are invalid: ${custom.error}`);
      }
      const owner = await this.channel(job.options.ownerChannelId);
      const resolution: Resolution = job.options.resolution ?? owner?.videoQuality ?? config.preferredResolution;
      const audioFormat =
        job.options.audioFormat !== undefined ? job.options.audioFormat : (owner?.audioFormat ?? null);
      const cookiesFile =
        config.cookiesEnabled && (await readable(this.deps.paths.cookiesFile)) ? this.deps.paths.cookiesFile : null;
      const ffmpegConfigured = config.ffmpegPath.trim();
      const args = buildDownloadArgs({
        config,
        resolution,
        audioFormat,
        stagingDir,
        ffmpegPath: ffmpegConfigured || null,
        cookiesFile,
        archiveFile: job.options.useArchive ? this.deps.paths.archiveFile : null,
        customArgs: custom.args,
        urls: pending.map((v) => v.row.url),
      });
      if (pending.length === 0) return await this.finish(null);
      if (this.stopRequested) {
        return await this.finish(null);
      }
      const inactivityMs = config.inactivityTimeoutMinutes * MINUTE;
      const exempt = job.options.exemptFromRuntimeCap === true;
      this.log.info({ jobId: job.id, videos: pending.length, resolution, audioFormat }, 'Download job started');
      const proc = new ToolProcess(this.deps.tools.path('ytdlp'), args, {
        env: { ...this.deps.env, PYTHONUNBUFFERED: '1', PYTHONWARNINGS: 'ignore', TMPDIR: join(stagingDir, '.parts') },
        cwd: stagingDir,
        inactivityMs,
        maxRuntimeMs: exempt ? null : Math.round(config.maxJobRuntimeHours * 60 * MINUTE),
        onLine: (line) => this.onLine(line, inactivityMs, stagingDir, config),
      });
      this.proc = proc;
      if (this.stopRequested) proc.stop(this.stopRequested);
      const result = await proc.done;
      this.freeSlot();
      this.flushPendingInfo();
      await this.post;
      if (result.spawnError) {
        const kind = result.spawnError === 'ENOENT' ? 'ytdlp_missing' : 'unknown';
        await this.failRemaining(diagnose(kind, { binary: this.deps.tools.path('ytdlp'), detail: result.spawnError }));
      } else if (result.stoppedBy === 'cancelled') {
        await this.settleRemaining('cancelled', diagnose('cancelled'));
      } else if (result.stoppedBy === 'shutdown') {
        await this.settleRemaining('queued', null);
      } else if (result.stoppedBy === 'inactivity') {
        await this.failRemaining(diagnose('timeout', { seconds: Math.round(inactivityMs / 1000) }));
      } else if (result.stoppedBy === 'runtime') {
        await this.failRemaining({
          ...diagnose('timeout', { detail: 'absolute runtime cap (maxJobRuntimeHours) reached' }),
          cause: `The job ran longer than the ${config.maxJobRuntimeHours}-hour limit and was stopped`,
          fix: 'Queue the remaining videos again, or raise maxJobRuntimeHours in Settings (download-all jobs have no limit)',
        });
      } else {
        const detail =
          result.lastLines
            .filter((l) => !l.startsWith('[vidkeep:'))
            .slice(-3)
            .join(' | ') || `yt-dlp exited with code ${result.exitCode}`;
        await this.failRemaining(
          diagnose('unknown', { detail }),
          'yt-dlp finished without producing a file for this video',
        );
      }
      await this.finish(null);
    } finally {
      this.freeSlot();
      await rm(stagingDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Output directory writable, staging directory fresh. */
  private async preflight(stagingDir: string): Promise<Classified | null> {
    const { outputDir } = this.deps.paths;
    try {
      await mkdir(outputDir, { recursive: true });
      const probe = join(outputDir, `.vidkeep-write-test-${this.job.id}`);
      await writeFile(probe, '');
      await rm(probe, { force: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return diagnose(code === 'ENOSPC' ? 'disk_full' : 'output_not_writable', {
        detail: `${outputDir}: ${code ?? (err as Error).message}`,
      });
    }
    await rm(stagingDir, { recursive: true, force: true });
    await mkdir(join(stagingDir, '.parts'), { recursive: true });
    return null;
  }

  private video(sourceId: string | null): VideoRun | undefined {
    return sourceId ? this.byId.get(sourceId) : undefined;
  }

  private async setState(v: VideoRun, state: JobVideoState, extra: Partial<DownloaderJobVideo> = {}): Promise<void> {
    if (TERMINAL.includes(v.state) && state !== 'completed') return;
    v.state = state;
    const now = new Date();
    const patch: Partial<DownloaderJobVideo> = { state, ...extra };
    if (state === 'downloading' && !v.row.startedAt) patch.startedAt = v.row.startedAt = now;
    if (TERMINAL.includes(state)) patch.finishedAt = now;
    await this.deps.store.updateVideo(this.job.id, v.row.sourceId, patch);
    if (state === 'downloading') this.deps.activity.set(v.row.sourceId, this.job.id, 'downloading');
    if (TERMINAL.includes(state)) {
      this.deps.activity.remove(v.row.sourceId, this.job.id);
      this.deps.metadata?.abandon(v.row.sourceId);
    }
    this.pushProgress(v);
    this.deps.onJobChanged(this.job.id);
  }

  private pushProgress(v: VideoRun): void {
    this.deps.hub?.broadcast(
      {
        type: 'jobProgress',
        jobId: this.job.id,
        sourceId: v.row.sourceId,
        state: v.state,
        progress: v.progress,
        diagnosis: v.diagnosis,
      },
      { coalesceKey: `progress:${this.job.id}:${v.row.sourceId}` },
    );
  }

  /** yt-dlp sometimes prints `ERROR:` alone with the message on the next line. */
  private pendingError = false;

  private onLine(rawLine: string, inactivityMs: number, stagingDir: string, config: DownloaderConfigSection): void {
    // A carriage return inside a line joins yt-dlp's retry notice to an `ERROR:` prefix.
    let line = rawLine.replace(/\r/g, ' ');
    if (this.pendingError) {
      this.pendingError = false;
      line = `ERROR: ${line.trim()}`;
    } else if (line.trim() === 'ERROR:') {
      this.pendingError = true;
      return;
    }
    const event = parseOutputLine(line);
    if (!event) return;
    this.handle(event, inactivityMs, stagingDir, config);
  }

  /** An info.json yt-dlp announced and is writing now. */
  private pendingInfo: { v: VideoRun; path: string } | null = null;

  private flushPendingInfo(): void {
    const pending = this.pendingInfo;
    if (!pending) return;
    this.pendingInfo = null;
    this.post = this.post.then(() => this.learnInfo(pending.v, pending.path));
  }

  private handle(event: OutputEvent, inactivityMs: number, stagingDir: string, config: DownloaderConfigSection): void {
    this.flushPendingInfo();
    switch (event.type) {
      case 'started': {
        this.current = event.sourceId;
        this.proc?.setInactivityMs(inactivityMs);
        const v = this.video(event.sourceId);
        if (v && v.state === 'queued') void this.setState(v, 'downloading');
        return;
      }
      case 'progress': {
        const v = this.video(event.sourceId);
        if (!v) return;
        this.current = event.sourceId;
        const t = event.tick;
        const percent = t.totalBytes
          ? Math.min(100, (t.downloadedBytes / t.totalBytes) * 100)
          : (v.progress?.percent ?? 0);
        v.progress = {
          percent: Math.round(percent * 10) / 10,
          downloadedBytes: t.downloadedBytes,
          totalBytes: t.totalBytes,
          speedBytesPerSecond: t.speed,
          etaSeconds: t.eta,
          stage: v.progress?.stage ?? 'video',
        };
        if (v.state === 'queued') void this.setState(v, 'downloading');
        else this.pushProgress(v);
        return;
      }
      case 'destination': {
        const v = this.video(this.current);
        if (v) {
          v.progress = {
            ...(v.progress ?? {
              percent: 0,
              downloadedBytes: 0,
              totalBytes: null,
              speedBytesPerSecond: null,
              etaSeconds: null,
            }),
            stage: event.stage,
            percent: 0,
          };
          this.pushProgress(v);
        }
        return;
      }
      case 'stage': {
        this.proc?.setInactivityMs(inactivityMs * 2);
        const v = this.video(this.current);
        if (v?.progress) {
          v.progress = { ...v.progress, stage: event.stage, percent: 100, etaSeconds: 0 };
          this.pushProgress(v);
        }
        return;
      }
      case 'done': {
        const v = this.video(event.sourceId);
        if (!v || TERMINAL.includes(v.state)) return;
        this.post = this.post.then(() => this.finalize(v, stagingDir, config));
        return;
      }
      case 'infoJson': {
        // The first moment yt-dlp knows the title. It prints this line just before writing the
        // file, so the file is read on the next line of output.
        const first = relative(stagingDir, resolve(stagingDir, event.path)).split(sep)[0];
        const v = first ? this.video(first) : undefined;
        if (v) this.pendingInfo = { v, path: resolve(stagingDir, event.path) };
        return;
      }
      case 'archived': {
        const v = this.video(event.sourceId);
        this.aux.skipCounts.archived += 1;
        if (v)
          void this.settle(v, 'skipped', {
            ...diagnose('unknown', { sourceId: v.row.sourceId }),
            cause: 'Already downloaded (recorded in the download archive)',
            fix: 'Nothing to do',
          });
        return;
      }
      case 'filtered': {
        const v = this.video(this.current);
        this.aux.skipCounts.filtered += 1;
        if (v)
          void this.settle(
            v,
            'skipped',
            diagnose('upcoming', {
              sourceId: v.row.sourceId,
              detail: 'members-only, live or upcoming: skipped by the match filter',
            }),
          );
        return;
      }
      case 'error': {
        const c = classifyLine(event.line, { cookiesEnabled: config.cookiesEnabled });
        if (!c) return;
        const terminated = terminatedChannelOf(event.line);
        if (terminated && !this.aux.terminatedChannels.includes(terminated))
          this.aux.terminatedChannels.push(terminated);
        if (c.kind === 'bot_check') this.botCheck = true;
        const v = this.video(c.sourceId) ?? this.video(this.current);
        this.recordDiagnosis(c, v);
        if (!v) return;
        if (c.expectedSkip) {
          if (c.kind === 'members_only') this.aux.skipCounts.membersOnly += 1;
          else this.aux.skipCounts.upcoming += 1;
          void this.settle(v, 'skipped', c);
        } else {
          void this.settle(v, 'failed', c);
        }
        return;
      }
      case 'warning':
        return;
    }
  }

  private recordDiagnosis(c: Classified, v: VideoRun | undefined): void {
    const d = toDiagnosis(c, v?.row.sourceId ?? c.sourceId);
    if (!this.aux.diagnoses.some((x) => x.kind === d.kind && x.sourceId === d.sourceId)) this.aux.diagnoses.push(d);
    if (!c.expectedSkip && v) {
      this.aux.failedVideos = this.aux.failedVideos.filter((f) => f.sourceId !== v.row.sourceId);
      this.aux.failedVideos.push({ sourceId: v.row.sourceId, error: d.cause, kind: d.kind });
    }
    void this.deps.store.update(this.job.id, { auxData: this.aux });
  }

  private async settle(v: VideoRun, state: JobVideoState, diagnosis: Diagnosis | Classified): Promise<void> {
    if (TERMINAL.includes(v.state)) return;
    v.diagnosis = toDiagnosis(diagnosis, v.row.sourceId);
    await this.setState(v, state, { diagnosis: v.diagnosis });
  }

  private async learnInfo(v: VideoRun, infoPath: string): Promise<void> {
    try {
      const meta = metadataOf(JSON.parse(await readFile(infoPath, 'utf8')) as Record<string, unknown>);
      this.deps.metadata?.provide(v.row.sourceId, meta);
      if (v.row.title !== null) return;
      const patch = {
        title: meta.title.slice(0, 500),
        duration: meta.duration ?? v.row.duration,
        thumbnail: meta.thumbnail?.slice(0, 2048) ?? v.row.thumbnail,
      };
      Object.assign(v.row, patch);
      await this.deps.store.updateVideo(this.job.id, v.row.sourceId, patch);
      this.deps.onJobChanged(this.job.id);
    } catch {
      /* the title arrives with the finished file instead */
    }
  }

  private async finalize(v: VideoRun, stagingDir: string, config: DownloaderConfigSection): Promise<void> {
    const { deps, job } = this;
    await this.setState(v, 'processing');
    try {
      const stagingRoot = join(stagingDir, v.row.sourceId);
      const infoChannel = await this.peekChannelId(stagingRoot);
      const owner = await this.channel(job.options.ownerChannelId ?? infoChannel);
      const active = owner?.enabled ? owner : null;
      const subfolderRaw =
        job.options.subfolder !== undefined
          ? job.options.subfolder
          : (active?.subfolder ?? (config.defaultSubfolder || null));
      const subfolder = subfolderRaw && !subfolderProblem(subfolderRaw) ? subfolderRaw : null;
      const tagsText = job.options.additionalTags ?? active?.additionalTags ?? null;
      const result = await finalizeVideo({
        sourceId: v.row.sourceId,
        stagingRoot,
        outputDir: deps.paths.outputDir,
        infoDir: deps.paths.infoDir,
        imagesDir: deps.paths.imagesDir,
        subfolder,
        skipVideoFolder: job.options.skipVideoFolder ?? active?.skipVideoFolder ?? config.defaultSkipVideoFolder,
        channelFolder: active?.folderName ? sanitizeFolder(active.folderName) : null,
        writeNfo: config.writeVideoNfoFiles,
        additionalTags: tagsText
          ? tagsText
              .split('|')
              .map((t) => t.trim())
              .filter(Boolean)
          : [],
        ffmpeg: deps.tools.path('ffmpeg'),
        ffprobe: deps.tools.path('ffprobe'),
        env: deps.env,
      });
      await rm(stagingRoot, { recursive: true, force: true });
      const info = result.info;
      this.deps.metadata?.provide(v.row.sourceId, metadataOf(info));
      const now = new Date();
      const channelId = job.options.ownerChannelId ?? (typeof info.channel_id === 'string' ? info.channel_id : null);
      const saved = await deps.videos.upsert({
        sourceId: v.row.sourceId,
        title: String(info.title ?? info.fulltitle ?? v.row.title ?? v.row.sourceId).slice(0, 500),
        channelName: (info.uploader ?? info.channel ?? null) as string | null,
        channelId,
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
        downloadedAt: now,
        jobId: job.id,
      });
      if (subfolder) await deps.videos.registerSubfolders([subfolder]);
      if (job.options.useArchive) await appendArchive(deps.paths.archiveFile, v.row.sourceId).catch(() => undefined);
      v.progress = v.progress ? { ...v.progress, percent: 100, etaSeconds: 0, stage: 'done' } : null;
      v.diagnosis = null;
      await this.setState(v, 'completed', {
        videoId: saved.id,
        title: saved.title,
        duration: saved.duration,
        diagnosis: null,
      });
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
        publishedAt: publishedAtOf(info),
        mediaType: saved.mediaType,
        downloadedAt: now.toISOString(),
      });
      this.log.info(
        { jobId: job.id, sourceId: v.row.sourceId, filePath: saved.filePath ?? saved.audioFilePath },
        'Video downloaded',
      );
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const kind =
        code === 'ENOSPC'
          ? 'disk_full'
          : code === 'EACCES' || code === 'EROFS' || code === 'EPERM'
            ? 'output_not_writable'
            : 'postprocess';
      const d = diagnose(kind, { sourceId: v.row.sourceId, detail: (err as Error).message });
      this.log.error({ err, jobId: job.id, sourceId: v.row.sourceId }, 'Finishing a downloaded video failed');
      this.recordDiagnosis(d, v);
      v.state = 'processing';
      await this.settleForce(v, 'failed', d);
    }
  }

  private async settleForce(v: VideoRun, state: JobVideoState, d: Classified): Promise<void> {
    v.diagnosis = toDiagnosis(d);
    await this.setState(v, state, { diagnosis: v.diagnosis });
  }

  private async peekChannelId(stagingRoot: string): Promise<string | null> {
    const info = (await listFiles(stagingRoot)).find((f) => f.endsWith('.info.json'));
    if (!info) return null;
    try {
      const parsed = JSON.parse(await readFile(join(stagingRoot, info), 'utf8')) as { channel_id?: unknown };
      return typeof parsed.channel_id === 'string' ? parsed.channel_id : null;
    } catch {
      return null;
    }
  }

  private async failRemaining(d: Classified, cause?: string): Promise<void> {
    for (const v of this.byId.values()) {
      if (TERMINAL.includes(v.state)) continue;
      const withCause = cause ? { ...d, cause } : d;
      this.recordDiagnosis({ ...withCause, sourceId: v.row.sourceId }, v);
      await this.settleForce(v, 'failed', { ...withCause, sourceId: v.row.sourceId });
    }
  }

  private async settleRemaining(state: JobVideoState, d: Classified | null): Promise<void> {
    for (const v of this.byId.values()) {
      if (TERMINAL.includes(v.state)) continue;
      if (state === 'queued') {
        v.state = 'queued';
        v.progress = null;
        await this.deps.store.updateVideo(this.job.id, v.row.sourceId, { state: 'queued', startedAt: null });
        continue;
      }
      if (d) await this.settleForce(v, state, { ...d, sourceId: v.row.sourceId });
    }
  }

  private async finish(message: string | null): Promise<void> {
    const { store, events, activity } = this.deps;
    const all = [...this.byId.values()];
    const count = (s: JobVideoState) => all.filter((v) => v.state === s).length;
    const completed = count('completed');
    const failed = count('failed');
    const skipped = count('skipped');
    const cancelled = count('cancelled');
    let status: JobStatus;
    if (this.stopRequested === 'shutdown' && all.some((v) => v.state === 'queued')) status = 'queued';
    else if (this.stopRequested === 'cancelled') status = 'cancelled';
    else if (failed === 0) status = 'completed';
    else if (completed > 0) status = 'completed_with_errors';
    else status = 'failed';
    const errorCode = this.botCheck
      ? 'DOWNLOAD_BOT_CHECK'
      : status === 'failed'
        ? (all.find((v) => v.diagnosis)?.diagnosis?.kind.toUpperCase() ?? 'UNKNOWN')
        : null;
    const parts = [`${completed} downloaded`];
    if (failed) parts.push(`${failed} failed`);
    if (skipped) parts.push(`${skipped} skipped`);
    if (cancelled) parts.push(`${cancelled} cancelled`);
    const firstFailure = all.find((v) => v.state === 'failed')?.diagnosis;
    const text =
      message ??
      (status === 'queued'
        ? 'Paused by a server shutdown; resumes after restart'
        : `${parts.join(', ')}${firstFailure ? `. ${sentence(firstFailure.cause)} ${firstFailure.fix}` : ''}`);
    await store.update(this.job.id, {
      status,
      message: text,
      errorCode: errorCode ? `DOWNLOAD_${errorCode.replace(/^DOWNLOAD_/, '')}` : null,
      auxData: this.aux,
      finishedAt: status === 'queued' ? null : new Date(),
      ...(status === 'queued' ? { startedAt: null } : {}),
    });
    if (status !== 'queued') activity.removeJob(this.job.id);
    else
      activity.setMany(
        all.filter((v) => v.state === 'queued').map((v) => v.row.sourceId),
        this.job.id,
        'queued',
      );
    this.deps.onJobChanged(this.job.id);
    if (status !== 'queued') {
      events.publish('downloader.job.finished', {
        jobId: this.job.id,
        jobType: this.job.type,
        status,
        ownerChannelId: this.job.options.ownerChannelId ?? null,
        completedSourceIds: all.filter((v) => v.state === 'completed').map((v) => v.row.sourceId),
        failedSourceIds: all.filter((v) => v.state === 'failed').map((v) => v.row.sourceId),
      });
      this.log.info({ jobId: this.job.id, status, completed, failed, skipped }, 'Download job finished');
    }
  }
}

/** The exact publication time of a full info dict: `timestamp`, else `upload_date` at 00:00 UTC. */
function publishedAtOf(info: Record<string, unknown>): string | null {
  if (typeof info.timestamp === 'number' && Number.isFinite(info.timestamp))
    return new Date(info.timestamp * 1000).toISOString();
  const d = typeof info.upload_date === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(info.upload_date) : null;
  return d ? `${d[1]}-${d[2]}-${d[3]}T00:00:00.000Z` : null;
}

async function readable(path: string): Promise<boolean> {
  try {
    await access(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** A channel folder name from settings: one safe path segment. */
export function sanitizeFolder(name: string): string {
  const cleaned = replaceControlChars(name, '_')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 80);
  return cleaned || 'Unknown Channel';
}

async function appendArchive(file: string, sourceId: string): Promise<void> {
  const line = `youtube ${sourceId}`;
  const current = await readFile(file, 'utf8').catch(() => '');
  if (current.split('\n').some((l) => l.trim() === line)) return;
  await appendFile(file, `${line}\n`);
}
