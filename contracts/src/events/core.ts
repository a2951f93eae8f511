import { Type, type Static } from '../typebox.js';

export const ConfigUpdatedPayload = Type.Object({ changedKeys: Type.Array(Type.String()) });
export type ConfigUpdatedPayload = Static<typeof ConfigUpdatedPayload>;

export const CoreEvents = {
  configUpdated: 'core.config.updated',
} as const;
