import { defineEntity } from '@vidkeep/plugin-kit';

/**
 * Watch status (spec 2.10 to 2.12), written only by this plugin. The video is named by its
 * platform id (`source_id`, the spec's video_id); a missing row means unknown, never unwatched.
 */
export interface WatchRow {
  id: number;
  sourceId: string;
  serverType: string;
  serverUserId: string;
  played: boolean;
  playCount: number;
  positionMs: number;
  percentWatched: number | null;
  lastWatchedAt: Date | null;
  /** When a sync last wrote this row (it writes only what changed). */
  lastSyncedAt: Date;
}

export const WatchRowEntity = defineEntity<WatchRow>({
  name: 'WatchStatusVideo',
  tableName: 'watch_status_videos',
  uniques: [{ properties: ['sourceId', 'serverType', 'serverUserId'] }],
  indexes: [{ properties: ['serverType', 'serverUserId'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    sourceId: { type: 'string', length: 64 },
    serverType: { type: 'string', length: 40 },
    serverUserId: { type: 'string', length: 100 },
    played: { type: 'boolean', default: false },
    playCount: { type: 'integer' },
    positionMs: { type: 'bigint', bigintAs: 'number' },
    percentWatched: { type: 'float', columnType: 'real', nullable: true },
    lastWatchedAt: { type: 'datetime', nullable: true },
    lastSyncedAt: { type: 'datetime' },
  },
});

/** A media server account (spec 2.11), filled during sync. */
export interface WatchUserRow {
  id: number;
  serverType: string;
  serverUserId: string;
  serverUserName: string;
  /** The server's primary account (`watchStatusWatchedRule: primary`). */
  isPrimary: boolean;
}

export const WatchUserEntity = defineEntity<WatchUserRow>({
  name: 'WatchStatusUser',
  tableName: 'watch_status_users',
  uniques: [{ properties: ['serverType', 'serverUserId'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    serverType: { type: 'string', length: 40 },
    serverUserId: { type: 'string', length: 100 },
    serverUserName: { type: 'string', length: 300 },
    isPrimary: { type: 'boolean', default: false },
  },
});

/** Per server: the newest play-history event scanned (spec 2.12). Deleting the row forces a full rescan. */
export interface WatchCursorRow {
  serverType: string;
  newestEventAt: Date;
  /** The provider's own cursor (the Plex-type one also names the newest play of that second). */
  cursor: string;
}

export const WatchCursorEntity = defineEntity<WatchCursorRow>({
  name: 'WatchStatusCursor',
  tableName: 'watch_status_cursors',
  properties: {
    serverType: { type: 'string', length: 40, primary: true },
    newestEventAt: { type: 'datetime' },
    cursor: { type: 'string', length: 200 },
  },
});

/** A sync run and its per-server outcome (the last one is `lastRun` of the status route). */
export interface WatchRunRow {
  id: number;
  trigger: string;
  startedAt: Date;
  completedAt: Date | null;
  /** `{servers, skipped?, error?}` as the API shows it. */
  outcome: Record<string, unknown>;
}

export const WatchRunEntity = defineEntity<WatchRunRow>({
  name: 'WatchStatusRun',
  tableName: 'watch_status_runs',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    trigger: { type: 'string', length: 16 },
    startedAt: { type: 'datetime' },
    completedAt: { type: 'datetime', nullable: true },
    outcome: { type: 'json', columnType: 'text' },
  },
});
