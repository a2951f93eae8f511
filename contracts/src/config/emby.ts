import type { Static } from '../typebox.js';
import { jellyfinFamilySection } from './jellyfin-family.js';
import { EMBY_PRESENTATION } from './presentation/emby.js';

/** Config keys owned by the emby plugin (the reference product's names). */
export const EmbyConfigSection = jellyfinFamilySection(
  { prefix: 'emby', name: 'Emby', apiKeyPlace: 'Settings > Advanced > API Keys', userOwns: 'the private playlists' },
  EMBY_PRESENTATION,
);

export type EmbyConfigSection = Static<typeof EmbyConfigSection>;
