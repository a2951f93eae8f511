/** Disk space: whether downloads are paused for lack of room, and the limits that decide it. */
import { Type, type Static } from '../../typebox.js';
import { Nullable } from '../common.js';

export const StorageStatus = Type.Object({
  paused: Type.Boolean(),
  reason: Nullable(Type.String()),
  freeBytes: Nullable(Type.Integer()),
  usedBytes: Type.Integer({ description: 'Bytes of downloaded files recorded by the service' }),
  minFreeBytes: Nullable(Type.Integer()),
  maxUsedBytes: Nullable(Type.Integer()),
});
export type StorageStatus = Static<typeof StorageStatus>;
