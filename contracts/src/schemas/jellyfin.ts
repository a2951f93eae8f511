import type { Static } from '../typebox.js';
import { jellyfinFamilyConnectionBody } from './media-servers.js';

/** Body of the Jellyfin connection routes (test, users, libraries); see `jellyfinFamilyConnectionBody`. */
export const JellyfinConnectionBody = jellyfinFamilyConnectionBody('jellyfin', 'Dashboard > API Keys');
export type JellyfinConnectionBody = Static<typeof JellyfinConnectionBody>;
