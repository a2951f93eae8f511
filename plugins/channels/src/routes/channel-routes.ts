import { CountResponse, GlobalFileStructureResponse, Type } from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

/** Facts about the subscribed channels as a whole: subfolders in use and inherited defaults. */
export const channelRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { channels, settings }) => {
  app.get(
    '/api/channels/subfolders',
    {
      schema: {
        tags,
        summary: 'Subfolder names in use (registry, channels, global default)',
        response: { 200: Type.Array(Type.String()), ...errors },
      },
    },
    async () => settings.subfolders(),
  );

  app.get(
    '/api/channels/using-default-subfolder',
    {
      schema: {
        tags,
        summary: 'Enabled channels without their own subfolder',
        response: { 200: CountResponse, ...errors },
      },
    },
    async () => channels.usingDefaultSubfolder(),
  );

  app.get(
    '/api/channels/using-global-file-structure',
    {
      schema: {
        tags,
        summary: 'Enabled channels inheriting the global flat-folder default',
        response: { 200: GlobalFileStructureResponse, ...errors },
      },
    },
    async () => channels.usingGlobalFileStructure(),
  );
};
