import { Type, type Static } from '../typebox.js';

/**
 * Videos whose watched state under the current rule changed (a sync, or a change of
 * `watchStatusWatchedRule`). Plugins that filter lists by watched state keep their own copy of
 * it and re-read these ids through `WatchStatusService.watchOf`.
 */
export const WatchStatusChangedPayload = Type.Object({ sourceIds: Type.Array(Type.String()) });
export type WatchStatusChangedPayload = Static<typeof WatchStatusChangedPayload>;

export const WatchStatusEvents = { videosChanged: 'watch-status.videos.changed' } as const;
