import { Type, type Static } from '../typebox.js';
import { presented } from './presentation.js';
import { FEEDS_PRESENTATION } from './presentation/feeds.js';

/** An absolute http(s) address, maybe with a path prefix (a reverse proxy's), no query. */
export const FEEDS_PUBLIC_URL_PATTERN = '^(|https?://[^\\s/?#]+(/[^\\s?#]*)?)$';

/** Config keys owned by the feeds plugin (podcast feeds of channels and playlists). */
export const FeedsConfigSection = presented(
  Type.Object({
    feedsPublicUrl: Type.String({
      maxLength: 500,
      pattern: FEEDS_PUBLIC_URL_PATTERN,
      default: '',
      description: 'The address podcast apps reach vidkeep at (empty: the address the link was copied from)',
    }),
    feedsAudioOnDemand: Type.Boolean({
      default: true,
      description: 'Audio feeds: make an audio file once for episodes downloaded as video only',
    }),
  }),
  FEEDS_PRESENTATION,
);
export type FeedsConfigSection = Static<typeof FeedsConfigSection>;
