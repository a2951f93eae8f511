import { readFile, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { subfolderProblem, type EventBus, type FileScanTrigger, type TaskResult } from '@vidkeep/contracts';
import type { MediaKind } from '../disk/media-files.js';
import { SOURCE_ID_PATTERN } from '../disk/media-files.js';
import { walkMedia, type WalkedFile } from '../disk/walk.js';
import { checkStop, type FileScans, type ScanOutcome, type ScanRun } from '../scans/file-scans.js';
import type { LibraryFileStore, PlannedChange } from './library-file-store.js';
import { measureResolutions } from '../scans/probe.js';
import { byPreference, planRow, type DiskView, type LibraryFileRow, type RowPlan } from './reconcile.js';

export interface RescanDeps {
  outputDir: string;
  /** Folders inside the output directory the walk must not enter (a staging folder). */
  skipDirs: () => ReadonlySet<string>;
  files: LibraryFileStore;
  scans: FileScans;
  /** Videos being downloaded now: their files are the queue's business, not the rescan's. */
  isActive: (sourceId: string) => boolean;
  /** `WIDTHxHEIGHT` of a video file, `0x0` when ffprobe cannot read it. */
  probe: (file: string) => Promise<string>;
  events: EventBus;
  registerSubfolders: (names: string[]) => Promise<void>;
}

/** Records handled between two yields to the event loop (and two progress messages). */
const CHUNK = 1000;

/**
 * The filesystem rescan (reference 5 #6): compares the library with the output directory. Files
 * deleted by hand mark their video missing (the record stays; nothing is ever deleted), files
 * moved by hand are found again by the id in their name or in the info.json beside them, sizes
 * are refreshed and unknown resolutions measured. A rescan where nothing changed reads folders
 * and stats files only.
 */
export class FileRescan {
  constructor(private readonly deps: RescanDeps) {}

  /** `POST /api/maintenance/rescan-files`: starts a run (409 while a rescan or import runs). */
  async start(trigger: FileScanTrigger = 'manual') {
    return this.deps.scans.begin({ operation: 'rescan', trigger, path: null, move: false }, (run) => this.run(run));
  }

  /** The scheduled task: a run that finds another going on records a skip. */
  async scheduled(trigger: FileScanTrigger): Promise<TaskResult> {
    if (this.deps.scans.isRunning())
      return { status: 'skipped', outcome: 'running', message: 'A file rescan or library import is already running' };
    const { finished } = await this.start(trigger);
    const run = await finished;
    const c = run.counts;
    return {
      status: run.status === 'failed' || run.status === 'interrupted' ? 'error' : 'success',
      outcome: run.status,
      message: run.message,
      details: {
        runId: run.id,
        checked: c.checked,
        missing: c.missing,
        foundAgain: c.foundAgain,
        moved: c.moved,
        backfilled: c.backfilled,
        untracked: c.untracked,
        errors: c.errors,
      },
    };
  }

  private async run(run: ScanRun): Promise<ScanOutcome> {
    const { deps } = this;
    const { counts } = run;
    const walk = await walkMedia(deps.outputDir, {
      skipDirs: deps.skipDirs(),
      signal: run.signal,
      onFolder: (n) => n % 200 === 0 && run.progress('walking', n, null),
    });
    for (const e of walk.errors) run.problem(e.path, `Could not read: ${e.message}`);
    counts.filesSeen = walk.files.length;
    checkStop(run.signal);

    const rows: LibraryFileRow[] = [];
    for await (const page of deps.files.presentPages())
      for (const r of page) if (!deps.isActive(r.sourceId)) rows.push(r);
    const byPath = new Map<string, WalkedFile>();
    const byId = new Map<string, WalkedFile[]>();
    const addById = (id: string, f: WalkedFile) => {
      const list = byId.get(id);
      if (list) list.push(f);
      else byId.set(id, [f]);
    };
    await inChunks(walk.files, (f) => {
      byPath.set(f.path, f);
      if (f.nameId) addById(f.nameId, f);
    });

    // Stored paths the walk did not see (outside it, or gone): one stat each.
    const stored = new Set<string>();
    const unseen: string[] = [];
    await inChunks(rows, (r) => {
      for (const p of [r.filePath, r.audioFilePath]) {
        if (!p) continue;
        stored.add(p);
        if (!byPath.has(p)) unseen.push(p);
      }
    });
    const extra = new Map<string, number | null>();
    for (let i = 0; i < unseen.length; i += 64) {
      const batch = unseen.slice(i, i + 64);
      const sizes = await Promise.all(
        batch.map((p) =>
          stat(p).then(
            (s) => (s.isFile() ? s.size : null),
            () => null,
          ),
        ),
      );
      batch.forEach((p, k) => extra.set(p, sizes[k] ?? null));
    }
    const sizeAt = (path: string) => byPath.get(path)?.size ?? extra.get(path) ?? null;

    // Only when a record's file is gone: the ids inside info.json files beside unnamed media files.
    const lost = rows.some((r) => {
      const primary = r.filePath ?? r.audioFilePath;
      return primary !== null && sizeAt(primary) === null;
    });
    if (lost) {
      for (const f of walk.files) {
        if (f.nameId || !f.infoJson || stored.has(f.path)) continue;
        const id = await idFromInfoJson(f.infoJson).catch((err: Error) => {
          run.problem(f.infoJson!, `Could not read the info.json: ${err.message}`);
          return null;
        });
        if (id) addById(id, f);
      }
    }
    for (const list of byId.values()) if (list.length > 1) list.sort(byPreference);
    const disk: DiskView = {
      sizeAt,
      filesOf: (id: string, kind: MediaKind) => (byId.get(id) ?? []).filter((f) => f.kind === kind),
    };

    // Compare every record with the disk.
    const claimed = new Set<string>();
    const now = new Date();
    const plans: RowPlan[] = [];
    await inChunks(
      rows,
      (r) => plans.push(planRow(r, disk, claimed, now)),
      (done) => {
        run.progress('checking', done, rows.length);
        checkStop(run.signal);
      },
    );
    run.progress('checking', rows.length, rows.length);
    counts.checked = rows.length;
    const known = new Set(rows.map((r) => r.sourceId));
    for (const f of walk.files) if (!claimed.has(f.path) && f.nameId && !known.has(f.nameId)) counts.untracked++;

    // Save what changed, each record only if a download did not change it meanwhile.
    const changes: PlannedChange[] = plans
      .filter((p) => Object.keys(p.set).length > 0)
      .map((p) => ({
        id: p.row.id,
        expected: { filePath: p.row.filePath, audioFilePath: p.row.audioFilePath },
        set: p.set,
      }));
    run.progress('saving', 0, changes.length);
    const applied = await deps.files.apply(changes);
    run.progress('saving', changes.length, changes.length);
    const probes: { id: number; path: string }[] = [];
    /** Videos whose missing state changed: plugins that copy it (channel pages) re-read them. */
    const missingChanged: string[] = [];
    await inChunks(plans, (p) => {
      const saved = Object.keys(p.set).length === 0 || applied.has(p.row.id);
      if (!saved) return;
      if (p.set.missingAt !== undefined) missingChanged.push(p.row.sourceId);
      if (p.outcome === 'unchanged') counts.unchanged++;
      else if (p.outcome === 'missing') counts.missing++;
      else if (p.outcome === 'stillMissing') counts.stillMissing++;
      if (p.foundAgain) counts.foundAgain++;
      if (p.moved) counts.moved++;
      if (p.resized) counts.resized++;
      if (p.probe) probes.push({ id: p.row.id, path: p.probe });
      if (p.moved)
        deps.events.publish('downloader.video.relocated', {
          videoId: p.row.id,
          sourceId: p.row.sourceId,
          filePath: p.set.filePath !== undefined ? p.set.filePath : p.row.filePath,
          audioFilePath: p.set.audioFilePath !== undefined ? p.set.audioFilePath : p.row.audioFilePath,
        });
    });

    if (missingChanged.length) deps.events.publish('downloader.videos.changed', { sourceIds: missingChanged });
    await measureResolutions(probes, { probe: deps.probe, store: deps.files }, run);
    await deps.registerSubfolders(subfoldersOnDisk(deps.outputDir, walk.files));
    return { message: summary(counts, rows) };
  }
}

/**
 * Runs `fn` over the items, yielding to the event loop every `CHUNK` items (then `between` is
 * called with the count done): 20,000 records are never handled in one stretch.
 */
async function inChunks<T>(
  items: readonly T[],
  fn: (item: T) => void,
  between?: (done: number) => void,
): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    fn(items[i]!);
    if ((i + 1) % CHUNK === 0) {
      between?.(i + 1);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** The `id` of an info.json, when it is one of the platform's video ids. */
export async function idFromInfoJson(path: string): Promise<string | null> {
  const info = JSON.parse(await readFile(path, 'utf8')) as { id?: unknown };
  return typeof info.id === 'string' && SOURCE_ID_PATTERN.test(info.id) ? info.id : null;
}

/** Subfolder names (`__<name>` folders directly in the output directory) that hold media files. */
export function subfoldersOnDisk(outputDir: string, files: WalkedFile[]): string[] {
  const names = new Set<string>();
  for (const f of files) {
    const first = relative(outputDir, f.path).split(sep)[0] ?? '';
    if (!first.startsWith('__')) continue;
    const name = first.slice(2);
    if (name && !subfolderProblem(name)) names.add(name);
  }
  return [...names];
}

function summary(c: ScanRun['counts'], rows: LibraryFileRow[]): string {
  const parts = [
    c.missing ? `${c.missing} missing` : null,
    c.foundAgain ? `${c.foundAgain} found again` : null,
    c.moved ? `${c.moved} moved` : null,
    c.resized ? `${c.resized} with a new size` : null,
    c.backfilled ? `${c.backfilled} resolution${c.backfilled === 1 ? '' : 's'} measured` : null,
    c.stillMissing ? `${c.stillMissing} still missing` : null,
    c.untracked ? `${c.untracked} file${c.untracked === 1 ? '' : 's'} not in the library` : null,
    c.errors ? `${c.errors} problem${c.errors === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  const head = `Checked ${rows.length} video${rows.length === 1 ? '' : 's'} against ${c.filesSeen} file${c.filesSeen === 1 ? '' : 's'}`;
  return parts.length ? `${head}: ${parts.join(', ')}` : `${head}: everything is in place`;
}
