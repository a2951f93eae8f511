import type { Static } from '../typebox.js';
import { jellyfinFamilySection } from './jellyfin-family.js';
import { JELLYFIN_PRESENTATION } from './presentation/jellyfin.js';

/** Config keys owned by the jellyfin plugin (the reference product's names). */
export const JellyfinConfigSection = jellyfinFamilySection(
  { prefix: 'jellyfin', name: 'Jellyfin', apiKeyPlace: 'Dashboard > API Keys', userOwns: 'the published playlists' },
  JELLYFIN_PRESENTATION,
);

export type JellyfinConfigSection = Static<typeof JellyfinConfigSection>;
