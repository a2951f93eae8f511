import { Type, type Static } from '../typebox.js';

export const ConfigUpdatedPayload = Type.Object({ changedKeys: Type.Array(Type.String()) });
export type ConfigUpdatedPayload = Static<typeof ConfigUpdatedPayload>;

/** A toggleable plugin was switched on or off at run time. */
export const PluginToggledPayload = Type.Object({ pluginId: Type.String(), enabled: Type.Boolean() });
export type PluginToggledPayload = Static<typeof PluginToggledPayload>;

export const CoreEvents = {
  configUpdated: 'core.config.updated',
  pluginToggled: 'core.plugin.toggled',
} as const;
