import { startFakePlexServer } from '../../fakes/mediaservers/plex.js';
import { FAST_PLEX_OPTIONS } from '../plex/helpers.js';
import { describeKind } from './conformance/suite.js';

describeKind('plex', startFakePlexServer, {
  options: FAST_PLEX_OPTIONS,
  owner: 'admin',
  // Plex playlists belong to the account of the token; sharing is done on the server.
  publicOwner: 'admin',
  publicFlag: null,
  replacesInPlace: true,
  indexRequest: /^\/library\/sections\/\d+\/refresh\?/,
  musicScanRequest: /^\/library\/sections\/2\/refresh/, // the fake's music section
});
