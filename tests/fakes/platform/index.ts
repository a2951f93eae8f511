/**
 * Test-only fake of the video platform: a fixture HTTP server plus a yt-dlp extractor plugin that
 * answers the platform's real URLs from it. See README.md.
 */
export { FAKE_PLATFORM_PYTHON_DIR, startFakePlatform } from './server.js';
export type {
  FakeAccount,
  FakeApiFailure,
  FakeAvailability,
  FakeChannel,
  FakeFailure,
  FakeLiveStatus,
  FakeMediaFailures,
  FakePlatform,
  FakePlatformInit,
  FakePlaylist,
  FakeSearchBehavior,
  FakeSearchFailure,
  FakeTab,
  FakeThrottle,
  FakeVideo,
} from './types.js';
export { fakeChannelId, fakeVideoId } from './values.js';
export { ensureMedia, mediaCacheRoot, type MediaSet, type MediaSpec } from './media.js';
