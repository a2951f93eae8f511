import { Type, type Static } from '../typebox.js';
import { Nullable, pathParams } from './common.js';

export const PluginIdParams = pathParams({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9-]*$' }),
});

export const PluginInfo = Type.Object({
  id: Type.String(),
  version: Nullable(Type.String({ description: 'null for a plugin the manifest does not load' })),
  description: Nullable(Type.String()),
  package: Type.String({ description: 'As the manifest names it' }),
  enabled: Type.Boolean({ description: 'Loaded and switched on' }),
  inManifest: Type.Boolean({
    description: 'false when the manifest entry says enabled: false (restart after changing it)',
  }),
  toggleable: Type.Boolean({ description: 'Can be switched on and off at run time' }),
  dependsOn: Type.Array(Type.String()),
  health: Type.Array(Type.Object({ name: Type.String(), ok: Type.Boolean(), message: Nullable(Type.String()) }), {
    description: "The plugin's own checks from GET /api/health (empty while switched off)",
  }),
});
export type PluginInfo = Static<typeof PluginInfo>;
export const PluginList = Type.Object({ plugins: Type.Array(PluginInfo) });
export const TogglePluginRequest = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export const TogglePluginResponse = Type.Object({ plugin: PluginInfo });
