import { EMBY_USER_ID, startEmby } from '../../fakes/mediaservers/emby.js';
import { describeKind } from './conformance/suite.js';
import { describeServerCalls } from './mediabrowser/server-calls.js';

describeKind('emby', startEmby, {
  options: { scanWaitSeconds: 1, requestTimeoutSeconds: 15 },
  owner: EMBY_USER_ID,
  // Emby has no public flag for an API key: a public playlist is created without a user (server-wide).
  publicOwner: '',
  publicFlag: true,
  replacesInPlace: false,
  indexRequest: /\/Library\/Media\/Updated$/,
  musicScanRequest: /\/Items\/[^/]+\/Refresh/,
});
// Ids travel in the query string, 200 per request: a creation and two additions.
describeServerCalls('emby', startEmby, { version: '4.8.11.0', label: 'Emby', playlistRequests: 3 });
