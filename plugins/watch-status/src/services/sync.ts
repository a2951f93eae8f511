import { relative, sep } from 'node:path';
import {
  ConflictError,
  WatchStatusErrorCodes,
  type LibraryVideo,
  type LocalFile,
  type PluginLogger,
  type ProviderSet,
  type ServerWatchState,
  type WatchedLibrary,
  type WatchStatusProvider,
  type WatchStatusRun,
  type WatchStatusServerOutcome,
  type WatchSyncTrigger,
} from '@vidkeep/contracts';
import { sameState, type RowWrite, type StoredWatch, type WatchState, type WatchStore } from './store.js';

export interface SyncDeps {
  store: WatchStore;
  providers: ProviderSet<WatchStatusProvider>;
  /** The library's contribution (`watchedLibrariesRef`): the files to match. */
  libraries: ProviderSet<WatchedLibrary>;
  outputDir: string;
  /** Announces videos whose state changed (`watch-status.videos.changed`). */
  changed: (sourceIds: string[]) => void;
  logger: PluginLogger;
  /** Aborted on shutdown. */
  signal: AbortSignal;
}

/** The library's files and the video each belongs to. */
interface Library {
  files: LocalFile[];
  owner: Map<string, string>;
}

/** The present videos of the first active library (none without one: nothing matches). */
async function presentVideos(libraries: ProviderSet<WatchedLibrary>): Promise<LibraryVideo[]> {
  return (await libraries.all()[0]?.presentVideos()) ?? [];
}

function libraryFiles(videos: LibraryVideo[], outputDir: string): Library {
  const files: LocalFile[] = [];
  const owner = new Map<string, string>();
  for (const v of videos) {
    for (const path of [v.filePath, v.audioFilePath]) {
      if (!path) continue;
      files.push({ path, relativePath: relative(outputDir, path).split(sep).join('/') });
      owner.set(path, v.sourceId);
    }
  }
  return { files, owner };
}

/** A video's state from its files' states (a video file and an audio file count as one video). */
function merge(a: WatchState, b: ServerWatchState): WatchState {
  const last = [a.lastWatchedAt, b.lastWatchedAt].filter((d): d is Date => d !== null);
  return {
    played: a.played || b.played,
    playCount: Math.max(a.playCount, b.playCount),
    positionMs: Math.max(a.positionMs, b.positionMs),
    percentWatched:
      a.percentWatched === null ? b.percentWatched : Math.max(a.percentWatched, b.percentWatched ?? a.percentWatched),
    lastWatchedAt: last.length ? new Date(Math.max(...last.map((d) => d.getTime()))) : null,
  };
}

const stateOf = ({ played, playCount, positionMs, percentWatched, lastWatchedAt }: ServerWatchState): WatchState => ({
  played,
  playCount,
  positionMs,
  percentWatched,
  lastWatchedAt,
});

/** Why a server could not be synced, in plain words (domain errors already are). */
const plain = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Pulls watch state from every configured media-server plugin (`watchStatusProvidersRef`) and
 * stores what changed. One run at a time; a server that fails is reported in the run's outcome
 * while the others sync. Rows are compared before writing: an unchanged server writes nothing.
 */
export class WatchSync {
  private current: Promise<WatchStatusRun> | null = null;
  /** Whether runs a stopped server left open were closed (done before the first run). */
  private tidied = false;

  constructor(private readonly deps: SyncDeps) {}

  isRunning(): boolean {
    return this.current !== null;
  }

  /** Runs a sync to its end; a ConflictError when one is already running. */
  run(trigger: WatchSyncTrigger): Promise<WatchStatusRun> {
    if (this.current)
      throw new ConflictError(WatchStatusErrorCodes.syncRunning, 'A watch-status sync is already running');
    const run = this.perform(trigger).finally(() => {
      this.current = null;
    });
    this.current = run;
    return run;
  }

  private async perform(trigger: WatchSyncTrigger): Promise<WatchStatusRun> {
    const { store } = this.deps;
    if (!this.tidied) {
      await store.closeInterrupted();
      this.tidied = true;
    }
    const startedAt = new Date();
    const runId = await store.startRun(trigger, startedAt);
    const servers: Record<string, WatchStatusServerOutcome> = {};
    const configured = this.deps.providers.entries().filter((e) => e.provider.isConfigured());
    let skipped: string | undefined;
    let error: string | undefined;
    const changed = new Set<string>();
    try {
      if (configured.length === 0) {
        skipped = 'No media server is configured and enabled';
      } else {
        // Read once per run, and only when a server asks (an unchanged Plex-type server does not).
        let library: Promise<Library> | null = null;
        const load = () =>
          (library ??= presentVideos(this.deps.libraries).then((v) => libraryFiles(v, this.deps.outputDir)));
        for (const { key, provider } of configured) {
          if (this.deps.signal.aborted) break;
          try {
            servers[key] = await this.syncServer(key, provider, load, changed);
          } catch (err) {
            servers[key] = { error: plain(err) };
            this.deps.logger.warn({ server: key, err: plain(err) }, 'Watch-status sync of a media server failed');
          }
        }
      }
    } catch (err) {
      error = plain(err);
      this.deps.logger.error({ err: error }, 'Watch-status sync failed');
    }
    const completedAt = new Date();
    await store.finishRun(runId, completedAt, {
      servers,
      ...(skipped ? { skipped } : {}),
      ...(error ? { error } : {}),
    });
    if (changed.size) this.deps.changed([...changed]);
    return {
      trigger,
      startedAt: startedAt.toISOString(),
      completedAt: completedAt.toISOString(),
      servers,
      ...(skipped ? { skipped } : {}),
      ...(error ? { error } : {}),
    };
  }

  private async syncServer(
    kind: string,
    provider: WatchStatusProvider,
    library: () => Promise<Library>,
    changed: Set<string>,
  ): Promise<WatchStatusServerOutcome> {
    const { store, signal } = this.deps;
    const users = await provider.users(signal);
    const usersSaved = await store.saveUsers(kind, users);
    for (const id of usersSaved.sourceIds) changed.add(id);
    // A user seen for the first time has a history older than the cursor: scan it all once.
    const cursor = usersSaved.added ? null : await store.cursor(kind);
    const answer = await provider.watchState({ users, files: async () => (await library()).files, cursor, signal });
    // Nothing reported (an unchanged Plex-type server): no need to read the library or the stored rows.
    const reported = answer.users.length > 0;
    const owner = reported ? (await library()).owner : new Map<string, string>();
    const stored = reported ? await store.rowsOf(kind) : new Map<string, Map<string, StoredWatch>>();
    const upserts: RowWrite[] = [];
    const deletes: StoredWatch[] = [];
    // What the outcome counts: videos whose watched state (played or not) changed for an account,
    // each once however many accounts or rows it took (a first sync writes a row per account and
    // video, most of them "not played").
    const watchedChanged = new Set<string>(usersSaved.played);
    for (const u of answer.users) {
      const states = new Map<string, WatchState>();
      for (const s of u.states) {
        const sourceId = owner.get(s.path);
        if (!sourceId) continue;
        const prev = states.get(sourceId);
        states.set(sourceId, prev ? merge(prev, s) : stateOf(s));
      }
      const mine = stored.get(u.serverUserId) ?? new Map<string, StoredWatch>();
      for (const [sourceId, state] of states) {
        const prev = mine.get(sourceId);
        if (prev && sameState(prev, state)) continue;
        upserts.push({ ...state, sourceId, serverUserId: u.serverUserId });
        changed.add(sourceId);
        if ((prev?.played ?? false) !== state.played) watchedChanged.add(sourceId);
      }
      if (u.complete) {
        for (const [sourceId, prev] of mine) {
          if (states.has(sourceId)) continue;
          deletes.push(prev);
          changed.add(sourceId);
          if (prev.played) watchedChanged.add(sourceId);
        }
      }
    }
    await store.apply(kind, upserts, deletes, new Date());
    if (answer.cursor && answer.cursorAt && answer.cursor !== cursor)
      await store.saveCursor(kind, answer.cursor, answer.cursorAt);
    return {
      updated: watchedChanged.size,
      users: users.length,
      requests: answer.requests,
    };
  }
}
