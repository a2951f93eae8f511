import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConfigSchemaResponse } from '@vidkeep/contracts';
import { describeConfig, type DescribedSection } from '../config/config-description.js';

export interface ConfigSchemaRouteOptions {
  /** The core's section first, then each loaded plugin's, in manifest order. */
  sections: readonly DescribedSection[];
  isActive: (pluginId: string) => boolean;
}

/**
 * `GET /api/config/schema`: the config keys of the core and of every loaded plugin, as the
 * Settings form shows them (derived from each section's schema and its presentation annotations),
 * so a plugin's settings, a third-party plugin's included, need no UI code. A plugin switched off
 * at run time says `enabled: false` from the next request on.
 */
export const configSchemaRoute: FastifyPluginAsyncTypebox<ConfigSchemaRouteOptions> = async (app, opts) => {
  app.get(
    '/api/config/schema',
    {
      schema: {
        tags: ['config'],
        summary: "Every plugin's config keys as Settings shows them, and whether it runs",
        response: { 200: ConfigSchemaResponse },
      },
    },
    async () => describeConfig(opts.sections, opts.isActive),
  );
};
