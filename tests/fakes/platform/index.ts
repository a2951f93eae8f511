/**
 * Test-only fake of the video platform: a fixture HTTP server plus a yt-dlp extractor plugin that
 * answers the platform's real URLs from it. See README.md.
 */
export {
  FAKE_PLATFORM_PYTHON_DIR,
  fakeChannelId,
  fakeVideoId,
  startFakePlatform,
  type FakeApiFailure,
  type FakeAvailability,
  type FakeChannel,
  type FakeFailure,
  type FakeLiveStatus,
  type FakePlatform,
  type FakePlatformInit,
  type FakePlaylist,
  type FakeSearchBehavior,
  type FakeSearchFailure,
  type FakeTab,
  type FakeVideo,
} from './server.js';
export { ensureMedia, mediaCacheRoot, type MediaSet, type MediaSpec } from './media.js';
