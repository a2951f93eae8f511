import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import {
  IMPORT_PREVIEW_MAX,
  type FileScanStarted,
  type ImportCandidate,
  type LibraryImportPreview,
  type LibraryImportRequest,
} from '@vidkeep/contracts';
import { checkStop, type ScanOutcome, type ScanRun } from '../scans/file-scans.js';
import { resolveImportFolder } from './import-folder.js';
import { movedName, subfolderOf } from './import-plan.js';
import type { ImportedRecord, LibraryFileStore } from '../rescan/library-file-store.js';
import { measureResolutions } from '../scans/probe.js';
import { ImportAnnouncer } from './announce.js';
import { importPoster, moveFiles } from './import-files.js';
import type { ImportDeps, Planned, Saved } from './import-types.js';
import { inspectImportFolder } from './import-inspection.js';

export type { ImportDeps };

/** Records imported between two progress messages. */
const CHUNK = 50;

/**
 * Library import: adds the videos of a folder made by another tool (yt-dlp's default names with
 * `[<id>]`, or media files with an info.json beside them) to the library as downloaded, so
 * automatic downloads and yt-dlp's archive skip them. Files stay where they are unless `move` is
 * asked. Nothing is deleted; a video the library already has in place is left alone.
 */
export class LibraryImporter {
  private readonly announcer: ImportAnnouncer;

  constructor(private readonly deps: ImportDeps) {
    this.announcer = new ImportAnnouncer(deps);
  }

  /** What an import of the folder would do (dry run): nothing is written. */
  async preview(request: LibraryImportRequest): Promise<LibraryImportPreview> {
    const move = request.move === true;
    const inspection = await inspectImportFolder(this.deps, request);
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

  private async run(request: LibraryImportRequest, run: ScanRun): Promise<ScanOutcome> {
    const { deps } = this;
    const { counts } = run;
    const inspection = await inspectImportFolder(this.deps, request, run);
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
    const announced = { ...(await this.announcer.readArchive()), subfolders: new Set<string>() };
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
      await this.announcer.announce(written, announced, run, jobId, downloadedAt);
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
          const moved = await moveFiles(p, p.target, listings, this.deps.outputDir);
          video = moved.video;
          audio = moved.audio;
        }
        const main = (video ?? audio)!;
        const thumbnailPath = await importPoster(main, p.sourceId, await listingOf(dirname(main)), this.deps);
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
