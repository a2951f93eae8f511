import { Type, type Static } from '../typebox.js';

/** Plugin ids: kebab-case, starting with a letter; third-party ids should carry the author's prefix. */
export const PluginId = Type.String({ pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', maxLength: 64 });

export const ManifestEntry = Type.Object(
  {
    id: PluginId,
    package: Type.String({
      minLength: 1,
      maxLength: 512,
      description:
        'npm package name (e.g. `@vidkeep/plugin-auth`) or a path relative to the manifest (`./my-plugins/foo/index.ts`)',
    }),
    enabled: Type.Boolean({ default: true }),
    options: Type.Record(Type.String(), Type.Unknown(), { default: {} }),
  },
  { additionalProperties: false },
);
export type ManifestEntry = Static<typeof ManifestEntry>;

/** `plugin-manifest.json`: which plugins load, whether they are enabled, with which options. */
export const PluginManifest = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    version: Type.Literal(1),
    plugins: Type.Array(ManifestEntry, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type PluginManifest = Static<typeof PluginManifest>;

/** The identity a plugin states in code (checked at boot against the manifest and the core). */
export const PluginIdentity = Type.Object({
  id: PluginId,
  version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$' }),
  core: Type.String({ minLength: 1, description: 'semver range of the core this plugin works with' }),
  dependsOn: Type.Array(PluginId),
  optionalDependsOn: Type.Array(PluginId),
});
export type PluginIdentity = Static<typeof PluginIdentity>;
