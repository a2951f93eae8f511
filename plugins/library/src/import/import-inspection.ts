/** What an import would find in a folder: its videos grouped by id, each with its action and target, and what is skipped. */
import { readFile, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { type ImportAction, type LibraryImportRequest } from '@vidkeep/contracts';
import { walkMedia, type WalkedFile } from '../disk/walk.js';
import { type ScanRun } from '../scans/file-scans.js';
import { resolveImportFolder, type ImportFolder } from './import-folder.js';
import { groupByVideo, moveTarget, recordFields, type FoundVideo, type InfoFields } from './import-plan.js';
import type { KnownRecord } from '../rescan/library-file-store.js';
import type { ImportDeps, Planned } from './import-types.js';

export interface Inspection {
  folder: ImportFolder;
  planned: Planned[];
  noId: WalkedFile[];
  skipped: { path: string; message: string }[];
  filesSeen: number;
}

/** Walks the folder, reads each info.json once and plans what happens to every video found. */
export async function inspectImportFolder(
  deps: ImportDeps,
  request: LibraryImportRequest,
  run?: ScanRun,
): Promise<Inspection> {
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
