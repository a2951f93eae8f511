import { Type } from '@vidkeep/contracts';

/** The manifest options of the channels plugin. */
export const ChannelsOptions = Type.Object(
  {
    searchTimeoutSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 60,
      description: 'Channel searches give up (504) after this long',
    }),
    importPreviewTimeoutSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 60,
      description: "A subscription import's cookie preview gives up (504) after this long",
    }),
  },
  { additionalProperties: false },
);
