import { EMBY_USER_ID, startEmby } from '../../fakes/mediaservers/emby.js';
import { describeKind } from './mediabrowser/suite.js';

// Emby has no public flag for an API key: a public playlist is created without a user (server-wide).
describeKind('emby', startEmby, { userId: EMBY_USER_ID, publicOwner: '' });
