import {
  CreateSubfolderRequest,
  ErrorEnvelope,
  errorResponses,
  FileScanStarted,
  LibraryImportPreview,
  LibraryImportRequest,
  RescanStatus,
  SubfolderCreated,
  SubfolderDeleted,
  SubfolderList,
  SubfolderNameParams,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { FileScans } from '../scans/file-scans.js';
import type { LibraryImporter } from '../import/library-import.js';
import type { FileRescan } from '../rescan/rescan.js';
import type { SubfolderRegistry } from '../subfolders/subfolders.js';

/** What the files-on-disk routes need (docs/library.md). */
export interface FileRouteDeps {
  scans: FileScans;
  rescan: FileRescan;
  importer: LibraryImporter;
  subfolders: SubfolderRegistry;
}

const errors = errorResponses(400, 401, 403);

/** Filesystem rescan, library import and the subfolder registry (reference 1.12). */
export const fileRoutes: FastifyPluginAsyncTypebox<FileRouteDeps> = async (
  app,
  { scans, rescan, importer, subfolders },
) => {
  app.post(
    '/api/maintenance/rescan-files',
    {
      schema: {
        tags: ['library'],
        summary: 'Start a filesystem rescan',
        description:
          'Compares the library with the output directory in the background: a file deleted by hand marks its video missing (`missingAt`; the record stays, nothing is deleted), a file moved by hand is found again by the id in its name (`[<id>]`) or in the `<name>.info.json` beside it, sizes are refreshed, and unknown resolutions are measured with ffprobe (`0x0` when it cannot read the file). Progress on the WebSocket (`rescanStatus`), the result in `GET /api/maintenance/rescan-status`. 409 while a rescan or a library import runs.',
        response: { 202: FileScanStarted, ...errors, 409: ErrorEnvelope },
      },
    },
    async (_request, reply) => {
      const { run } = await rescan.start('manual');
      return reply.code(202).send({ status: 'started', trigger: 'manual', runId: run.id });
    },
  );

  app.get(
    '/api/maintenance/rescan-status',
    {
      schema: {
        tags: ['library'],
        summary: 'Whether a rescan or import runs, its progress, and the last of each',
        response: { 200: RescanStatus, ...errors },
      },
    },
    async () => scans.status(),
  );

  app.post(
    '/api/maintenance/import/preview',
    {
      schema: {
        tags: ['library'],
        summary: 'What a library import of a folder would do (dry run)',
        description:
          'Lists the videos found in the folder (media files with `[<id>]` in the name, or with a `<name>.info.json` beside them) and what an import would do with each: `add`, `restore` (the library had deleted it or lost its file) or `in-library` (left alone). Nothing is changed. The folder must be inside the output directory (400 otherwise, also for a symbolic link leading out).',
        body: LibraryImportRequest,
        response: { 200: LibraryImportPreview, ...errors },
      },
    },
    async (request) => importer.preview(request.body),
  );

  app.post(
    '/api/maintenance/import',
    {
      schema: {
        tags: ['library'],
        summary: 'Import a folder of videos downloaded by another tool',
        description:
          "Adds the folder's videos to the library as downloaded, with their channel from the info.json (unknown channels become hidden channels), so automatic downloads and yt-dlp's archive skip them. The files stay where they are unless `move` is true. Runs in the background like a rescan (progress on the WebSocket as `rescanStatus`, result as `lastImport`); 409 while a rescan or import runs.",
        body: LibraryImportRequest,
        response: { 202: FileScanStarted, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request, reply) => reply.code(202).send(await importer.start(request.body)),
  );

  app.get(
    '/api/subfolders',
    {
      schema: {
        tags: ['library'],
        summary: 'The subfolder registry with what uses each subfolder',
        description:
          'Every subfolder that is registered, used by a plugin (subscribed channels, followed playlists, Plex library mappings), set as `defaultSubfolder`, or present on disk as `__<name>`; `deletable` with the `reasons` when not.',
        response: { 200: SubfolderList, ...errors },
      },
    },
    async () => subfolders.list(),
  );

  app.post(
    '/api/subfolders',
    {
      schema: {
        tags: ['library'],
        summary: 'Register a subfolder name',
        description:
          '201 when registered, 200 `created: false` when the name (in any case) is registered already. The folder itself is made by the first download into it.',
        body: CreateSubfolderRequest,
        response: { 200: SubfolderCreated, 201: SubfolderCreated, ...errors },
      },
    },
    async (request, reply) => {
      const result = await subfolders.create(request.body.name);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/api/subfolders/:name',
    {
      schema: {
        tags: ['library'],
        summary: 'Delete a subfolder name and its empty folder',
        description:
          '409 `DOWNLOAD_SUBFOLDER_IN_USE` when channels or playlists use it, it is the default subfolder, a Plex library is mapped to it, or its `__<name>` folder holds files (the reasons in `details`); 404 for a name nothing knows.',
        params: SubfolderNameParams,
        response: { 200: SubfolderDeleted, ...errors, 404: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => subfolders.delete(request.params.name),
  );
};
