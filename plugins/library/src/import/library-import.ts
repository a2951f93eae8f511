import { appendFile, copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import {
  IMPORT_PREVIEW_MAX,
  type ChannelDirectory,
  type EventBus,
  type FileScanStarted,
  type ImportAction,
  type ImportCandidate,
  type LibraryImportPreview,
  type LibraryImportRequest,
  type PluginLogger,
} from '@vidkeep/contracts';
import { exists, placeFile } from '@vidkeep/library-files';
import { walkMedia, type WalkedFile } from '../disk/walk.js';
import { checkStop, type FileScans, type ScanOutcome, type ScanRun } from '../scans/file-scans.js';
import { resolveImportFolder, type ImportFolder } from './import-folder.js';
import {
  groupByVideo,
  moveTarget,
  movedName,
  recordFields,
  subfolderOf,
  type FoundVideo,
  type InfoFields,
} from './import-plan.js';
import type { ImportedRecord, KnownRecord, LibraryFileStore } from '../rescan/library-file-store.js';
import { measureResolutions } from '../scans/probe.js';

export interface ImportDeps {
  outputDir: string;
  /** Folders no import may read (staging inside the output directory). */
  skipDirs: () => ReadonlySet<string>;
  /** Where the service keeps each video's info.json (`<jobsDir>/info`). */
  infoDir: string;
  imagesDir: string;
  /** yt-dlp's download archive (`complete.list`): imported ids are added, so yt-dlp skips them. */
  archiveFile: string;
  files: LibraryFileStore;
  scans: FileScans;
  probe: (file: string) => Promise<string>;
  /** Converts a WebP or PNG thumbnail to JPEG with ffmpeg; false when it could not. */
  convertImage: (from: string, to: string) => Promise<boolean>;
  events: EventBus;
  registerSubfolders: (names: string[]) => Promise<void>;
  /** The channels plugin's directory, when it runs: unknown channels become hidden channels. */
  channels: () => ChannelDirectory | undefined;
  /** The flat layout (`defaultSkipVideoFolder`) for moved files. */
  flatLayout: () => boolean;
  isActive: (sourceId: string) => boolean;
  logger: PluginLogger;
}

/** A video found in the folder with what the import would do with it. */
interface Planned extends FoundVideo {
  action: ImportAction;
  known: KnownRecord | null;
  fields: ReturnType<typeof recordFields>;
  /** With `move`: the folder its files go to. */
  target: string | null;
}

/** A video whose record is written. */
interface Saved {
  planned: Planned;
  record: ImportedRecord;
  videoId: number;
}

interface Inspection {
  folder: ImportFolder;
  planned: Planned[];
  noId: WalkedFile[];
  skipped: { path: string; message: string }[];
  filesSeen: number;
}

const THUMB_EXTS = ['.jpg', '.jpeg', '.webp', '.png'];
/** Records imported between two progress messages. */
const CHUNK = 50;

/**
 * Library import: adds the videos of a folder made by another tool (yt-dlp's default names with
 * `[<id>]`, or media files with an info.json beside them) to the library as downloaded, so
 * automatic downloads and yt-dlp's archive skip them. Files stay where they are unless `move` is
 * asked. Nothing is deleted; a video the library already has in place is left alone.
 */
export class LibraryImporter {
  constructor(private readonly deps: ImportDeps) {}

  /** What an import of the folder would do (dry run): nothing is written. */
  async preview(request: LibraryImportRequest): Promise<LibraryImportPreview> {
    const move = request.move === true;
    const inspection = await this.inspect(request);
    const { planned, noId } = inspection;
    const changing = planned.filter((p) => p.action !== 'in-library');
    const rel = (p: string | null) => (p === null ? null : relative(this.deps.outputDir, p));
    const videos: ImportCandidate[] = planned.slice(0, IMPORT_PREVIEW_MAX).map((p) => ({
      sourceId: p.sourceId,
      title: p.fields.title,
      channelName: p.fields.channelName,
      channelId: p.fields.channelId,
      filePath: rel(p.video?.path ?? null),
      audioFilePath: rel(p.audio?.path ?? null),
      fileSize: (p.video?.size ?? 0) + (p.audio?.size ?? 0),
      hasInfoJson: p.info !== null,
      action: p.action,
      target: p.target && p.action !== 'in-library' ? rel(join(p.target, basename((p.video ?? p.audio)!.path))) : null,
    }));
    return {
      path: inspection.folder.rel,
      move,
      counts: {
        files: inspection.filesSeen,
        add: planned.filter((p) => p.action === 'add').length,
        restore: planned.filter((p) => p.action === 'restore').length,
        inLibrary: planned.filter((p) => p.action === 'in-library').length,
        noId: noId.length,
        channels: new Set(changing.map((p) => p.fields.channelId ?? p.fields.channelName ?? '')).size,
        bytes: changing.reduce((n, p) => n + (p.video?.size ?? 0) + (p.audio?.size ?? 0), 0),
      },
      videos,
      truncated: planned.length > IMPORT_PREVIEW_MAX,
      skipped: inspection.skipped.slice(0, 50),
    };
  }

  /** Starts an import in the background (202); the folder is checked first (400), one run at a time (409). */
  async start(request: LibraryImportRequest): Promise<FileScanStarted> {
    const folder = await resolveImportFolder(this.deps.outputDir, request.path, this.deps.skipDirs());
    const move = request.move === true;
    const { run } = await this.deps.scans.begin(
      { operation: 'import', trigger: 'manual', path: folder.rel, move },
      (r) => this.run(request, r),
    );
    return { status: 'started', trigger: 'manual', runId: run.id };
  }

  private async inspect(request: LibraryImportRequest, run?: ScanRun): Promise<Inspection> {
    const { deps } = this;
    const folder = await resolveImportFolder(deps.outputDir, request.path, deps.skipDirs());
    const walk = await walkMedia(folder.abs, {
      skipDirs: deps.skipDirs(),
      signal: run?.signal,
      onFolder: (n) => run && n % 200 === 0 && run.progress('walking', n, null),
    });
    const skipped: Inspection['skipped'] = [];
    const note = (path: string, message: string, count = true) => {
      if (run) run.problem(path, message, { count });
      skipped.push({ path: relative(deps.outputDir, path), message });
    };
    for (const e of walk.errors) note(e.path, `Could not read: ${e.message}`);

    // Each info.json is read once (a video and its mp3 share one), one at a time between awaits.
    const infos = new Map<string, InfoFields | null>();
    for (const f of walk.files) {
      if (!f.infoJson || infos.has(f.infoJson)) continue;
      try {
        const parsed = JSON.parse(await readFile(f.infoJson, 'utf8')) as unknown;
        infos.set(f.infoJson, parsed && typeof parsed === 'object' ? (parsed as InfoFields) : null);
      } catch (err) {
        infos.set(f.infoJson, null);
        note(f.infoJson, `The info.json could not be read (${(err as Error).message}); the file name is used instead`);
      }
    }
    const { videos, noId } = groupByVideo(walk.files, (f) => (f.infoJson ? (infos.get(f.infoJson) ?? null) : null));
    for (const f of noId)
      note(f.path, 'No [id] in the file name and no info.json beside it, so the video is unknown', false);

    const known = await deps.files.known(videos.map((v) => v.sourceId));
    const move = request.move === true;
    const subfolder = request.subfolder ?? null;
    const planned: Planned[] = [];
    for (const v of videos) {
      for (const d of v.duplicates)
        note(d.path, `Another file of ${v.sourceId} is imported instead: ${(v.video ?? v.audio)!.name}`, false);
      if (deps.isActive(v.sourceId)) {
        note((v.video ?? v.audio)!.path, `${v.sourceId} is being downloaded right now; import it later`, false);
        continue;
      }
      const record = known.get(v.sourceId) ?? null;
      const action = await actionFor(v, record);
      const fields = recordFields(v);
      planned.push({
        ...v,
        action,
        known: record,
        fields,
        target:
          move && action !== 'in-library'
            ? moveTarget({
                outputDir: deps.outputDir,
                subfolder,
                channelName: fields.channelName,
                file: (v.video ?? v.audio)!,
                sourceId: v.sourceId,
                flat: deps.flatLayout(),
              })
            : null,
      });
    }
    return { folder, planned, noId, skipped, filesSeen: walk.files.length };
  }

  private async run(request: LibraryImportRequest, run: ScanRun): Promise<ScanOutcome> {
    const { deps } = this;
    const { counts } = run;
    const inspection = await this.inspect(request, run);
    counts.filesSeen = inspection.filesSeen;
    counts.noId = inspection.noId.length;
    const todo = inspection.planned.filter((p) => p.action !== 'in-library');
    counts.alreadyInLibrary = inspection.planned.length - todo.length;
    checkStop(run.signal);

    const added: ImportedRecord[] = [];
    const restored: Parameters<LibraryFileStore['restore']>[0] = [];
    /** Imported since the last flush; `saved` once their records are written and announced. */
    const pending: { planned: Planned; record: ImportedRecord }[] = [];
    const saved: Saved[] = [];
    // Folder listings, read once per folder (a flat folder of thousands of videos is listed once).
    const listings = new Map<string, string[]>();
    const listingOf = async (dir: string) => {
      let names = listings.get(dir);
      if (!names) listings.set(dir, (names = await readdir(dir).catch(() => [])));
      return names;
    };
    const now = new Date();
    const jobId = `import-${run.id}`;
    const downloadedAt = now.toISOString();
    const announced = { ...(await this.readArchive()), subfolders: new Set<string>() };
    /**
     * Writes the records gathered so far and does at once everything a finished video implies:
     * the archive line, its channel, its subfolder, the `downloaded` event. A move flushes after
     * each video: killed mid-run (issue 31: 484 files moved, 0 records), every video that moved is
     * recorded and known as downloaded everywhere, and at most the one in flight is left for the
     * next rescan to offer as untracked.
     */
    const flush = async () => {
      const batch = pending.splice(0);
      const ids = new Map(await deps.files.insert(added.splice(0)));
      await deps.files.restore(restored.splice(0));
      const written = batch
        .map((x) => ({ ...x, videoId: x.planned.known?.id ?? ids.get(x.record.sourceId) }))
        .filter((x): x is Saved => x.videoId !== undefined);
      await this.announce(written, announced, run, jobId, downloadedAt);
      saved.push(...written);
    };
    const flushEvery = request.move === true ? 1 : CHUNK;
    run.progress('importing', 0, todo.length);
    for (let i = 0; i < todo.length; i++) {
      const p = todo[i]!;
      try {
        let video = p.video?.path ?? null;
        let audio = p.audio?.path ?? null;
        if (p.target) {
          const moved = await this.moveFiles(p, p.target, listings);
          video = moved.video;
          audio = moved.audio;
        }
        const main = (video ?? audio)!;
        const thumbnailPath = await this.poster(main, p.sourceId, await listingOf(dirname(main)));
        if (p.infoJsonPath) {
          // Kept where the service keeps every video's info.json (the video page reads it).
          const name = basename(p.infoJsonPath);
          const stem = name.slice(0, name.length - '.info.json'.length);
          const source = p.target ? join(p.target, movedName(name, stem, p.sourceId)) : p.infoJsonPath;
          await mkdir(deps.infoDir, { recursive: true });
          await copyFile(source, join(deps.infoDir, `${p.sourceId}.info.json`)).catch(() => undefined);
        }
        const record: ImportedRecord = {
          sourceId: p.sourceId,
          title: p.fields.title,
          channelName: p.fields.channelName,
          channelId: p.fields.channelId,
          description: p.fields.description,
          duration: p.fields.duration,
          uploadDate: p.fields.uploadDate,
          mediaType: p.fields.mediaType,
          thumbnailPath,
          filePath: video,
          fileSize: video ? (p.video?.size ?? null) : null,
          audioFilePath: audio,
          audioFileSize: audio ? (p.audio?.size ?? null) : null,
          videoResolution: p.fields.videoResolution,
          subfolder: subfolderOf(deps.outputDir, main),
          downloadedAt: now,
        };
        if (p.known) {
          restored.push({ id: p.known.id, ...record });
          counts.restored++;
        } else {
          added.push(record);
          counts.imported++;
        }
        pending.push({ planned: p, record });
      } catch (err) {
        run.problem((p.video ?? p.audio)!.path, `Not imported: ${(err as Error).message}`);
      }
      if ((i + 1) % flushEvery === 0) await flush();
      if ((i + 1) % CHUNK === 0) {
        run.progress('importing', i + 1, todo.length);
        checkStop(run.signal);
      }
    }
    run.progress('saving', 0, pending.length);
    await flush();
    run.progress('saving', saved.length, saved.length);
    if (saved.length > 0)
      deps.events.publish('downloader.job.finished', {
        jobId,
        jobType: 'import',
        status: 'completed',
        ownerChannelId: null,
        completedSourceIds: saved.map((s) => s.record.sourceId),
        failedSourceIds: [],
      });

    await measureResolutions(
      saved
        .filter((s) => s.record.filePath && s.record.videoResolution === null)
        .map((s) => ({ id: s.videoId, path: s.record.filePath! })),
      { probe: deps.probe, store: deps.files },
      run,
    );
    return { message: importSummary(counts, inspection.folder.rel, request.move === true) };
  }

  /** Moves a video's media files and their sidecars (same name stem) into `target`; never overwrites. */
  private async moveFiles(p: Planned, target: string, listings: Map<string, string[]>) {
    const moves: { from: string; to: string; dir: string; name: string }[] = [];
    const out: { video: string | null; audio: string | null } = { video: null, audio: null };
    const listing = async (dir: string) => {
      let names = listings.get(dir);
      if (!names) listings.set(dir, (names = await readdir(dir).catch(() => [])));
      return names;
    };
    for (const [kind, file] of [
      ['video', p.video],
      ['audio', p.audio],
    ] as const) {
      if (!file) continue;
      const stem = basename(file.name, extname(file.name));
      for (const name of await listing(file.dir)) {
        if (!isSidecar(name, stem)) continue;
        const from = join(file.dir, name);
        if (moves.some((m) => m.from === from)) continue;
        const to = join(target, movedName(name, stem, p.sourceId));
        moves.push({ from, to, dir: file.dir, name });
        if (from === file.path) out[kind] = to;
      }
    }
    for (const m of moves)
      if (m.from !== m.to && (await exists(m.to)))
        throw new Error(`${relative(this.deps.outputDir, m.to)} is already there; nothing of this video was moved`);
    await mkdir(target, { recursive: true });
    for (const m of moves) {
      if (m.from === m.to) continue;
      await placeFile(m.from, m.to);
      listings.set(
        m.dir,
        (listings.get(m.dir) ?? []).filter((n) => n !== m.name),
      );
    }
    listings.delete(target);
    return out;
  }

  /** The library's poster from a thumbnail beside the media file (`<name>.jpg`, or WebP/PNG converted). */
  private async poster(mediaPath: string, sourceId: string, names: string[]): Promise<string | null> {
    const stem = basename(mediaPath, extname(mediaPath));
    const found = THUMB_EXTS.map((ext) => `${stem}${ext}`).find((n) => names.includes(n));
    if (!found) return null;
    const from = join(dirname(mediaPath), found);
    const to = join(this.deps.imagesDir, `videothumb-${sourceId}.jpg`);
    await mkdir(this.deps.imagesDir, { recursive: true });
    const ext = extname(found).toLowerCase();
    if (ext === '.jpg' || ext === '.jpeg') {
      await copyFile(from, to);
      return to;
    }
    return (await this.deps.convertImage(from, to)) ? to : null;
  }

  /**
   * The lines of the download archive as it is now, and what the first append must start with: a
   * newline when the file does not end with one (every later append, ours or a download's, ends
   * with one, so the file is read once per run).
   */
  private async readArchive(): Promise<{ archive: Set<string>; lead: string }> {
    const current = await readFile(this.deps.archiveFile, 'utf8').catch(() => '');
    const lead = current.length > 0 && !current.endsWith('\n') ? '\n' : '';
    return { archive: new Set(current.split('\n').map((l) => l.trim())), lead };
  }

  /**
   * What a finished video implies, for a batch of saved records: `youtube <id>` lines for ids the
   * archive does not hold yet (one append), unknown channels as hidden channels, the subfolders,
   * and one `downloader.video.downloaded` event each.
   */
  private async announce(
    batch: Saved[],
    seen: { archive: Set<string>; lead: string; subfolders: Set<string> },
    run: ScanRun,
    jobId: string,
    downloadedAt: string,
  ): Promise<void> {
    if (batch.length === 0) return;
    const { deps } = this;
    const lines = [...new Set(batch.map((s) => `youtube ${s.record.sourceId}`))].filter((l) => !seen.archive.has(l));
    if (lines.length > 0) {
      try {
        await mkdir(dirname(deps.archiveFile), { recursive: true });
        await appendFile(deps.archiveFile, `${seen.lead}${lines.join('\n')}\n`);
        seen.lead = '';
        for (const l of lines) seen.archive.add(l);
      } catch (err) {
        run.problem(deps.archiveFile, `The download archive could not be updated: ${(err as Error).message}`);
      }
    }
    await this.ensureChannels(
      batch.map((s) => s.record),
      run,
    );
    const subfolders = [...new Set(batch.map((s) => s.record.subfolder))].filter(
      (x): x is string => !!x && !seen.subfolders.has(x),
    );
    if (subfolders.length > 0) {
      await deps.registerSubfolders(subfolders);
      for (const f of subfolders) seen.subfolders.add(f);
    }
    for (const s of batch) {
      deps.events.publish('downloader.video.downloaded', {
        jobId,
        jobType: 'import',
        videoId: s.videoId,
        sourceId: s.record.sourceId,
        title: s.record.title,
        channelId: s.record.channelId,
        channelName: s.record.channelName,
        filePath: s.record.filePath,
        audioFilePath: s.record.audioFilePath,
        subfolder: s.record.subfolder,
        publishedAt: s.planned.fields.publishedAt,
        mediaType: s.record.mediaType,
        downloadedAt,
      });
    }
  }

  /** Unknown channels of imported videos become hidden channels, seeded with the subfolder their files are in. */
  private async ensureChannels(records: ImportedRecord[], run: ScanRun): Promise<void> {
    const directory = this.deps.channels();
    if (!directory) return;
    const byChannel = new Map<string, { name: string | null; subfolders: Set<string | null> }>();
    for (const r of records) {
      if (!r.channelId) continue;
      const c = byChannel.get(r.channelId) ?? { name: r.channelName, subfolders: new Set() };
      c.subfolders.add(r.subfolder);
      byChannel.set(r.channelId, c);
    }
    for (const [channelId, c] of byChannel) {
      const subfolder = c.subfolders.size === 1 ? [...c.subfolders][0]! : null;
      try {
        await directory.ensureChannels([{ channelId, name: c.name }], {
          subfolder,
          videoQuality: null,
          audioFormat: null,
          titleFilterRegex: null,
        });
      } catch (err) {
        run.problem(
          this.deps.outputDir,
          `The channel ${c.name ?? channelId} could not be recorded: ${(err as Error).message}`,
        );
      }
    }
  }
}

/** A sidecar of a media file: the same name stem followed by `.` (`.info.json`, `.en.srt`) or `-` (`-fanart.jpg`). */
export function isSidecar(name: string, stem: string): boolean {
  return name.startsWith(stem) && (name.charAt(stem.length) === '.' || name.charAt(stem.length) === '-');
}

/** `in-library` when the library has the video in place; `restore` when it had deleted it or lost its file. */
async function actionFor(v: FoundVideo, record: KnownRecord | null): Promise<ImportAction> {
  if (!record) return 'add';
  if (record.removed || record.missingAt !== null) return 'restore';
  const stored = record.filePath ?? record.audioFilePath;
  if (stored === null) return 'restore';
  if (stored === (v.video ?? v.audio)!.path) return 'in-library';
  const there = await stat(stored).then(
    (s) => s.isFile(),
    () => false,
  );
  return there ? 'in-library' : 'restore';
}

function importSummary(c: ScanRun['counts'], rel: string, move: boolean): string {
  const where = rel === '' ? 'the output directory' : rel;
  const parts = [
    `${c.imported} added`,
    c.restored ? `${c.restored} brought back` : null,
    c.alreadyInLibrary ? `${c.alreadyInLibrary} already in the library` : null,
    c.noId ? `${c.noId} file${c.noId === 1 ? '' : 's'} without an id skipped` : null,
    c.backfilled ? `${c.backfilled} resolution${c.backfilled === 1 ? '' : 's'} measured` : null,
    c.errors ? `${c.errors} problem${c.errors === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return `Imported from ${where}${move ? ' (moved into the library layout)' : ''}: ${parts.join(', ')}`;
}
