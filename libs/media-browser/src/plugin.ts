import { setTimeout as sleep } from 'node:timers/promises';
import {
  CoreErrorCodes,
  InvalidInputError,
  serverUrlProblem,
  UnavailableError,
  type MediaServerProvider,
  type TObject,
} from '@vidkeep/contracts';
import {
  connectionToTry,
  indexNewFiles,
  JobFiles,
  noLibraryMessage,
  publishByRecreating,
  rescanMovedFolders,
  testConnection,
} from '@vidkeep/media-server-common';
import {
  definePlugin,
  mediaServerProvidersRef,
  Type,
  watchStatusProvidersRef,
  type PluginContext,
  type PluginDefinition,
} from '@vidkeep/plugin-kit';
import {
  MediaBrowserClient,
  type MediaBrowserCodes,
  type MediaBrowserConnection,
  type MediaBrowserDialect,
} from './client.js';
import { connectionRoutes, type ConnectionCheck } from './routes.js';
import { mediaBrowserWatchProvider } from './watch.js';

/**
 * One kind of the Jellyfin family, as its plugin declares it. Its config section holds the keys
 * `<id>Enabled`, `<id>Url`, `<id>ApiKey` (secret), `<id>UserId`, `<id>VideoLibraryIds` and
 * `<id>WatchStatusAllUsers`; its connection body `<id>Url`, `<id>ApiKey` and `<id>UserId`.
 */
export interface MediaBrowserKind {
  id: string;
  label: string;
  version: string;
  description: string;
  config: TObject;
  connectionBody: TObject;
  codes: MediaBrowserCodes;
  dialect: MediaBrowserDialect;
}

/** A kind's settings, read from its keys. */
export interface KindSettings {
  enabled: boolean;
  url: string;
  apiKey: string;
  userId: string;
  videoLibraryIds: string[];
  watchStatusAllUsers: boolean;
  /** The instance id, so the server lists vidkeep as one device. */
  deviceId: string;
}

/** Reference 1.10: enabled, and URL, API key and user id all set. */
export const isConfigured = (s: KindSettings): boolean =>
  s.enabled && s.url !== '' && s.apiKey !== '' && s.userId !== '';

export const MediaBrowserOptions = (label: string) =>
  Type.Object(
    {
      scanWaitSeconds: Type.Number({
        minimum: 0,
        maximum: 600,
        default: 60,
        description: `How long a sync looks for files ${label} has not indexed yet after asking it to scan`,
      }),
      requestTimeoutSeconds: Type.Number({
        minimum: 0.1,
        maximum: 300,
        default: 30,
        description: `One request to ${label} gives up after this long`,
      }),
    },
    { additionalProperties: false },
  );
type Options = { scanWaitSeconds: number; requestTimeoutSeconds: number };

/**
 * The plugin of a Jellyfin-type media server: publishes every followed playlist as a native
 * playlist (`mediaServerProvidersRef`, delete and recreate), reports each user's watched state
 * (`watchStatusProvidersRef`), asks the server to index each job's new files and to rescan a moved
 * channel folder, and offers the settings page's connection checks. It does nothing until configured.
 */
export function mediaBrowserPlugin(kind: MediaBrowserKind): PluginDefinition {
  const { id, label, codes } = kind;
  return definePlugin({
    id,
    version: kind.version,
    core: '^1.0.0',
    description: kind.description,
    toggleable: true,
    options: MediaBrowserOptions(label),
    config: kind.config,
    register(raw) {
      const ctx = raw as unknown as PluginContext<Options, Record<string, unknown>>;
      ctx.config.check(`${id}Url`, (value) => serverUrlProblem(String(value)));
      const key = (name: string) => ctx.config.get()[`${id}${name}`];
      const settings = (): KindSettings => ({
        enabled: key('Enabled') === true,
        url: String(key('Url') ?? ''),
        apiKey: String(key('ApiKey') ?? ''),
        userId: String(key('UserId') ?? ''),
        videoLibraryIds: (key('VideoLibraryIds') as string[] | undefined) ?? [],
        watchStatusAllUsers: key('WatchStatusAllUsers') === true,
        deviceId: ctx.config.get().uuid || 'vidkeep',
      });
      const clientFor = (conn: MediaBrowserConnection) =>
        new MediaBrowserClient(label, kind.dialect, codes, conn, {
          timeoutMs: ctx.options.requestTimeoutSeconds * 1000,
          deviceId: settings().deviceId,
        });
      const saved = () => clientFor(settings());
      const configured = () => isConfigured(settings());
      const shutdown = new AbortController();

      const provider: MediaServerProvider = {
        kind: id,
        label,
        isConfigured: configured,
        syncPlaylist: (req) =>
          publishByRecreating(saved(), req, {
            videoLibraryIds: settings().videoLibraryIds,
            scanWaitMs: ctx.options.scanWaitSeconds * 1000,
            noLibrary: (why) => new UnavailableError(codes.noLibrary, noLibraryMessage(label, why)),
            warn: (fields, message) => ctx.logger.warn(fields, message),
            sleep: (ms, signal) => sleep(ms, undefined, { signal }),
          }),
      };
      ctx.contribute(mediaServerProvidersRef, id, provider);
      // Watch status: each user's played state, read from the items listed in that user's name.
      ctx.contribute(
        watchStatusProvidersRef,
        id,
        mediaBrowserWatchProvider({
          kind: id,
          label,
          isConfigured: configured,
          configuredUserId: () => settings().userId,
          allUsers: () => settings().watchStatusAllUsers,
          client: saved,
        }),
      );

      /** A request to the server off the download's path: a slow or down server is a warning. */
      const inBackground = <T extends object>(work: Promise<T>, fields: object, done: string, failed: string) =>
        void work.then(
          (result) => ctx.logger.info({ ...fields, ...result }, done),
          (err: Error) => {
            if (!shutdown.signal.aborted) ctx.logger.warn({ ...fields, err: err.message }, failed);
          },
        );

      // New downloads: once per job.
      const jobs = new JobFiles();
      ctx.events.subscribe('downloader.video.downloaded', (e) => {
        jobs.add(e.jobId, { video: e.filePath, audio: e.audioFilePath });
      });
      ctx.events.subscribe('downloader.job.finished', (e) => {
        const written = jobs.take(e.jobId);
        if (!written || !configured()) return;
        inBackground(
          indexNewFiles(saved(), written, settings().videoLibraryIds, shutdown.signal),
          { jobId: e.jobId },
          `Asked ${label} to index new downloads`,
          `Could not ask ${label} to index new downloads`,
        );
      });
      // A channel's folder moved (its subfolder changed): the libraries of the old and the new place
      // scan again, so the old items go and the files are found where they are now.
      ctx.events.subscribe('downloader.videos.moved', (e) => {
        if (!configured()) return;
        inBackground(
          rescanMovedFolders(saved(), e.folders, settings().videoLibraryIds, shutdown.signal).then((libraryIds) => ({
            libraryIds,
          })),
          { channelId: e.channelId },
          `Asked ${label} to rescan a moved channel folder`,
          `Could not ask ${label} to rescan a moved channel folder`,
        );
      });

      ctx.routes(async (app) => {
        await app.register(connectionRoutes, { id, label, body: kind.connectionBody, check: connectionCheck() });
      });
      ctx.onClose(() => shutdown.abort());

      /** The settings page's checks, with the values given or the saved ones. */
      function connectionCheck(): ConnectionCheck {
        const MISSING = {
          url: `Enter the ${label} URL first`,
          key: `Enter the ${label} API key first`,
          'key-for-new-url': 'Enter the API key for this URL: the saved key is only ever sent to the saved URL',
        };
        const clientOf = (body: Record<string, string | undefined>) => {
          const s = settings();
          const conn = connectionToTry(
            { url: body[`${id}Url`], apiKey: body[`${id}ApiKey`] },
            { url: s.url, apiKey: s.apiKey },
          );
          if ('missing' in conn) throw new InvalidInputError(codes.notConfigured, MISSING[conn.missing]);
          if ('invalid' in conn) {
            throw new InvalidInputError(CoreErrorCodes.validationFailed, conn.invalid, {
              details: [{ path: `body/${id}Url`, message: conn.invalid }],
            });
          }
          const userId = body[`${id}UserId`] ?? s.userId;
          return { client: clientFor({ ...conn, userId }), userId };
        };
        return {
          test(body) {
            const { client, userId } = clientOf(body);
            return testConnection(client, userId, (message) => new UnavailableError(codes.userNotFound, message));
          },
          users: async (body) => ({ users: await clientOf(body).client.users() }),
          libraries: async (body) => ({ libraries: await clientOf(body).client.libraries() }),
        };
      }
    },
  }) as PluginDefinition;
}
