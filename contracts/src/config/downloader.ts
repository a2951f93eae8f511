import { Type, type Static } from '../typebox.js';

/** Config keys owned by the downloader plugin (more arrive with the downloader issue). */
export const DownloaderConfigSection = Type.Object({
  useTmpForDownloads: Type.Boolean({
    default: false,
    description:
      'Stage downloads in tmpFilePath and move finished files into the output directory. Forced on by a managed platform.',
  }),
  tmpFilePath: Type.String({ minLength: 1, maxLength: 1024, default: '/tmp/vidkeep-downloads' }),
});
export type DownloaderConfigSection = Static<typeof DownloaderConfigSection>;
