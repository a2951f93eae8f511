import type { Static } from '../typebox.js';
import { jellyfinFamilyConnectionBody } from './media-servers.js';

/** Body of the Emby connection routes (test, users, libraries); see `jellyfinFamilyConnectionBody`. */
export const EmbyConnectionBody = jellyfinFamilyConnectionBody('emby', 'Settings > Advanced > API Keys');
export type EmbyConnectionBody = Static<typeof EmbyConnectionBody>;
