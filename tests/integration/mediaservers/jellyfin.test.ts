import { JELLYFIN_USER_ID, startJellyfin } from '../../fakes/mediaservers/jellyfin.js';
import { describeKind } from './conformance/suite.js';
import { describeServerCalls } from './mediabrowser/server-calls.js';

describeKind('jellyfin', startJellyfin, {
  options: { scanWaitSeconds: 1, requestTimeoutSeconds: 15 },
  owner: JELLYFIN_USER_ID,
  // Jellyfin's public flag keeps the owner: the playlist stays the user's, readable by everyone.
  publicOwner: JELLYFIN_USER_ID,
  publicFlag: true,
  replacesInPlace: false,
  indexRequest: /\/Library\/Media\/Updated$/,
  musicScanRequest: /\/Items\/[^/]+\/Refresh/,
});
// The whole item list travels in the creation's JSON body: one request.
describeServerCalls('jellyfin', startJellyfin, { version: '10.11.11', label: 'Jellyfin', playlistRequests: 1 });
