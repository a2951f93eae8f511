import { SUBFOLDER_PATTERN } from '../config/downloader.js';
import { Type, type Static } from '../typebox.js';
import { DateTime, Nullable, pathParams } from './common.js';

/**
 * Files on disk: the filesystem rescan, the library import of a folder made by another tool, and
 * the subfolder registry (docs/library.md). The downloader plugin owns all three.
 */

/** `rescan`: the library compared with the disk; `import`: a folder's videos added to the library. */
export const FILE_SCAN_OPERATIONS = ['rescan', 'import'] as const;
export const FileScanOperation = Type.Enum(FILE_SCAN_OPERATIONS);
export type FileScanOperation = Static<typeof FileScanOperation>;

export const FILE_SCAN_TRIGGERS = ['manual', 'scheduled', 'startup'] as const;
export const FileScanTrigger = Type.Enum(FILE_SCAN_TRIGGERS);
export type FileScanTrigger = Static<typeof FileScanTrigger>;

/**
 * `completed_with_errors`: it ran to the end but some files could not be read or probed;
 * `interrupted`: the server stopped during the run (what was saved before stays saved).
 */
export const FILE_SCAN_STATUSES = ['running', 'completed', 'completed_with_errors', 'failed', 'interrupted'] as const;
export const FileScanStatus = Type.Enum(FILE_SCAN_STATUSES);
export type FileScanStatus = Static<typeof FileScanStatus>;

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** What a run found and did. A rescan fills the first part, an import the second; the rest is shared. */
export const FileScanCounts = Type.Object({
  filesSeen: count('Media files found in the folder that was walked'),
  checked: count('Library videos compared with the disk (rescan)'),
  unchanged: count('Checked videos whose files were where the library said, with the same size'),
  missing: count('Videos whose file was gone and not found elsewhere, marked missing in this run'),
  stillMissing: count('Videos already marked missing that are still not found'),
  foundAgain: count('Videos marked missing whose file is back (at its place or found elsewhere)'),
  moved: count('Videos found at a new place by the id in the file name or in the info.json beside it'),
  resized: count('Files whose size changed; the new size is saved'),
  backfilled: count('Resolutions measured with ffprobe (the resolution was unknown or the file changed)'),
  probeFailed: count('Files ffprobe could not read; their resolution is saved as `0x0`'),
  untracked: count('Media files named with an id the library does not have (a library import adds them)'),
  imported: count('Videos added to the library (import)'),
  restored: count('Videos the library had deleted or marked missing, brought back by an import'),
  alreadyInLibrary: count('Files of videos the library already has in place (import: left alone)'),
  noId: count('Media files with no `[id]` in the name and no info.json beside them (import: skipped)'),
  errors: count('Files or folders that could not be read, moved or probed'),
});
export type FileScanCounts = Static<typeof FileScanCounts>;

export const FileScanProblem = Type.Object({
  path: Type.String({ description: 'Relative to the output directory' }),
  message: Type.String(),
});
export type FileScanProblem = Static<typeof FileScanProblem>;

/** Phases in order: walking the folder, comparing or importing, saving, then measuring resolutions. */
export const FILE_SCAN_PHASES = ['walking', 'checking', 'importing', 'saving', 'probing'] as const;
export const FileScanPhase = Type.Enum(FILE_SCAN_PHASES);
export type FileScanPhase = Static<typeof FileScanPhase>;

export const FileScanProgress = Type.Object({
  phase: FileScanPhase,
  /** Items done in this phase (folders walked, videos checked, files probed). */
  done: Type.Integer({ minimum: 0 }),
  /** Items in this phase, when known (null while walking). */
  total: Nullable(Type.Integer({ minimum: 0 })),
});
export type FileScanProgress = Static<typeof FileScanProgress>;

/** Problems kept per run (the counts hold them all). */
export const FILE_SCAN_PROBLEMS_MAX = 20;

export const FileScanRun = Type.Object({
  id: Type.Integer(),
  operation: FileScanOperation,
  trigger: FileScanTrigger,
  status: FileScanStatus,
  /** The folder an import read, relative to the output directory (`""` = the whole output directory). */
  path: Nullable(Type.String()),
  /** An import that moved the files into the library's layout (false: left where they were). */
  move: Type.Boolean(),
  startedAt: DateTime,
  finishedAt: Nullable(DateTime),
  counts: FileScanCounts,
  problems: Type.Array(FileScanProblem, { maxItems: FILE_SCAN_PROBLEMS_MAX }),
  /** One sentence about the outcome (or why it failed). */
  message: Nullable(Type.String()),
});
export type FileScanRun = Static<typeof FileScanRun>;

/** `POST /api/maintenance/rescan-files` and `POST /api/maintenance/import`: 202, the run started. */
export const FileScanStarted = Type.Object({
  status: Type.Literal('started'),
  trigger: Type.Literal('manual'),
  runId: Type.Integer(),
});
export type FileScanStarted = Static<typeof FileScanStarted>;

/** `GET /api/maintenance/rescan-status`. */
export const RescanStatus = Type.Object({
  /** A rescan or an import is running (they never run at the same time). */
  running: Type.Boolean(),
  /** The run going on, with its progress. */
  current: Nullable(
    Type.Object({
      id: Type.Integer(),
      operation: FileScanOperation,
      trigger: FileScanTrigger,
      startedAt: DateTime,
      progress: FileScanProgress,
    }),
  ),
  /** The newest rescan (kept across restarts). */
  lastRun: Nullable(FileScanRun),
  /** The newest library import (kept across restarts). */
  lastImport: Nullable(FileScanRun),
});
export type RescanStatus = Static<typeof RescanStatus>;

/** A folder path typed by a user: relative to the output directory, or absolute inside it. */
export const ImportPath = Type.String({
  minLength: 1,
  maxLength: 1024,
  pattern: '^[^\\u0000]+$',
  description:
    'The folder to import: relative to the output directory, or an absolute path inside it (`.` = the whole output directory). Symbolic links that lead outside it are refused.',
});

export const LibraryImportRequest = Type.Object(
  {
    path: ImportPath,
    move: Type.Boolean({
      default: false,
      description:
        "false (default): the files stay where they are. true: each video's files move into the library's layout, `[__<subfolder>/]<Channel>/<name> - <id>/`",
    }),
    subfolder: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 100,
          pattern: SUBFOLDER_PATTERN,
          description: 'With `move`: the subfolder to move into',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type LibraryImportRequest = Static<typeof LibraryImportRequest>;

/** What an import would do with one video. */
export const IMPORT_ACTIONS = ['add', 'restore', 'in-library'] as const;
export const ImportAction = Type.Enum(IMPORT_ACTIONS, {
  description:
    '`add`: new to the library; `restore`: the library had deleted it or lost its file; `in-library`: left alone',
});
export type ImportAction = Static<typeof ImportAction>;

export const ImportCandidate = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  channelName: Nullable(Type.String()),
  channelId: Nullable(Type.String()),
  /** Relative to the output directory. */
  filePath: Nullable(Type.String()),
  audioFilePath: Nullable(Type.String()),
  fileSize: Type.Integer({ minimum: 0, description: 'Bytes of its media files' }),
  /** Metadata read from `<name>.info.json` beside the file (else from the file name only). */
  hasInfoJson: Type.Boolean(),
  action: ImportAction,
  /** With `move`: where the video file would go, relative to the output directory. */
  target: Nullable(Type.String()),
});
export type ImportCandidate = Static<typeof ImportCandidate>;

/** Videos listed in a preview; the counts cover all of them. */
export const IMPORT_PREVIEW_MAX = 500;

/** `POST /api/maintenance/import/preview`: what an import of the folder would do; nothing is changed. */
export const LibraryImportPreview = Type.Object({
  /** The folder, relative to the output directory (`""` = the output directory itself). */
  path: Type.String(),
  move: Type.Boolean(),
  counts: Type.Object({
    files: count('Media files found'),
    add: count('Videos that would be added'),
    restore: count('Videos that would be brought back'),
    inLibrary: count('Videos already in the library, left alone'),
    noId: count('Media files skipped: no `[id]` in the name and no info.json beside them'),
    channels: count('Distinct channels of the videos to add or bring back'),
    bytes: count('Bytes of the files to add or bring back'),
  }),
  videos: Type.Array(ImportCandidate, { maxItems: IMPORT_PREVIEW_MAX }),
  /** Some videos were not listed (the counts include them). */
  truncated: Type.Boolean(),
  /** Files that will be skipped, with the reason (up to 50). */
  skipped: Type.Array(FileScanProblem, { maxItems: 50 }),
});
export type LibraryImportPreview = Static<typeof LibraryImportPreview>;

// ---------------------------------------------------------------------------------------------
// Subfolder registry (spec 2.9, reference 1.12)

export const SubfolderName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: SUBFOLDER_PATTERN,
  description: 'Subfolder name without the leading `__`',
});

export const SubfolderNameParams = pathParams({ name: SubfolderName });

export const CreateSubfolderRequest = Type.Object({ name: SubfolderName }, { additionalProperties: false });

export const SubfolderCreated = Type.Object({
  name: Type.String(),
  /** False when the name was already registered (spelled as registered, any case). */
  created: Type.Boolean(),
});
export type SubfolderCreated = Static<typeof SubfolderCreated>;

export const SubfolderDeleted = Type.Object({
  deleted: Type.Literal(true),
  /** The empty `__<name>` folder was removed too. */
  folderRemoved: Type.Boolean(),
});
export type SubfolderDeleted = Static<typeof SubfolderDeleted>;

/** One plugin's use of a subfolder, in words. */
export const SubfolderUse = Type.Object({
  /** The contributing plugin's key (`channels`, `playlists`, `plex`, ...). */
  key: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  /** e.g. `2 subscribed channels`. */
  text: Type.String(),
});
export type SubfolderUse = Static<typeof SubfolderUse>;

export const SubfolderEntry = Type.Object({
  name: Type.String(),
  /** The folder on disk: `__<name>`. */
  displayName: Type.String(),
  /** In the registry table (false: only in use, configured or on disk). */
  registered: Type.Boolean(),
  /**
   * The reference's fields: `isDefault` (the global `defaultSubfolder`), `hasFiles` (the
   * `__<name>` folder holds files), and one field per plugin that uses subfolders while it is
   * switched on: `channels` (subscribed channels), `playlists` (followed playlists), `plexMapped`
   * (a Plex library mapping).
   */
  usage: Type.Object(
    {
      isDefault: Type.Boolean(),
      hasFiles: Type.Boolean(),
      channels: Type.Optional(Type.Integer({ minimum: 0 })),
      playlists: Type.Optional(Type.Integer({ minimum: 0 })),
      plexMapped: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: Type.Union([Type.Integer({ minimum: 0 }), Type.Boolean()]) },
  ),
  /** Every use, in words (empty when nothing uses it). */
  users: Type.Array(SubfolderUse),
  deletable: Type.Boolean(),
  /** Why it cannot be deleted, in plain words (empty when deletable). */
  reasons: Type.Array(Type.String()),
});
export type SubfolderEntry = Static<typeof SubfolderEntry>;

export const SubfolderList = Type.Array(SubfolderEntry);
export type SubfolderList = Static<typeof SubfolderList>;
