import { EMBY_USER_ID, startEmby } from '../../fakes/mediaservers/emby.js';
import { describeKind } from './conformance/suite.js';
import { describeServerCalls } from './mediabrowser/server-calls.js';

describeKind('emby', startEmby, {
  options: { scanWaitSeconds: 1, requestTimeoutSeconds: 15 },
  owner: EMBY_USER_ID,
  // Emby 4.8 creates every playlist for its owner; a public one is then made server-wide with
  // POST /Items/{Id}/MakePublic (created without a user, it stayed private: issue 31).
  publicOwner: EMBY_USER_ID,
  publicFlag: true,
  replacesInPlace: false,
  indexRequest: /\/Library\/Media\/Updated$/,
  musicScanRequest: /\/Items\/[^/]+\/Refresh/,
});
// Ids travel in the query string, 200 per request: a creation and two additions.
describeServerCalls('emby', startEmby, { version: '4.8.11.0', label: 'Emby', playlistRequests: 3 });
