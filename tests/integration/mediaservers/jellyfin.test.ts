import { JELLYFIN_USER_ID, startJellyfin } from '../../fakes/mediaservers/jellyfin.js';
import { describeServerCalls } from './mediabrowser/server-calls.js';
import { describeKind } from './mediabrowser/suite.js';

// Jellyfin's public flag keeps the owner: the playlist stays the user's, readable by everyone.
describeKind('jellyfin', startJellyfin, { userId: JELLYFIN_USER_ID, publicOwner: JELLYFIN_USER_ID });
// The whole item list travels in the creation's JSON body: one request.
describeServerCalls('jellyfin', startJellyfin, { version: '10.11.11', label: 'Jellyfin', playlistRequests: 1 });
