import { JELLYFIN_USER_ID, startJellyfin } from '../../fakes/mediaservers/jellyfin.js';
import { describeKind } from './mediabrowser/suite.js';

// Jellyfin's public flag keeps the owner: the playlist stays the user's, readable by everyone.
describeKind('jellyfin', startJellyfin, { userId: JELLYFIN_USER_ID, publicOwner: JELLYFIN_USER_ID });
