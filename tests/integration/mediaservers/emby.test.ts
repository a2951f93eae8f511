import { EMBY_USER_ID, startEmby } from '../../fakes/mediaservers/emby.js';
import { describeServerCalls } from './mediabrowser/server-calls.js';
import { describeKind } from './mediabrowser/suite.js';

// Emby has no public flag for an API key: a public playlist is created without a user (server-wide).
describeKind('emby', startEmby, { userId: EMBY_USER_ID, publicOwner: '' });
// Ids travel in the query string, 200 per request: a creation and two additions.
describeServerCalls('emby', startEmby, { version: '4.8.11.0', label: 'Emby', playlistRequests: 3 });
