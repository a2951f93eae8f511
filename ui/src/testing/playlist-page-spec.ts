import type { ComponentFixture } from '@angular/core/testing';
import type { PlaylistPage } from '../app/features/playlists/playlist/playlist-page';
import { dom } from './dom';
import type { FakeApi } from './fake-api';
import type { FakeLive } from './fake-live';
import { openPlaylistPage, type OpenPlaylistPage, type PlaylistServer } from './fixtures/playlists';

/**
 * The playlist page of a spec's tests: create it in the `describe` block, `await page.open()` in
 * a test or `beforeEach` (it starts the fake clock and serves the page with `openPlaylistPage`),
 * then use `fixture`, `api`, `live`, `server` and the readers `q`, `all`, `text`. After each test
 * the page is destroyed and the real clock is back.
 */
export class PlaylistPageSpec implements OpenPlaylistPage {
  fixture!: ComponentFixture<PlaylistPage>;
  api!: FakeApi;
  live!: FakeLive;
  server!: PlaylistServer;

  constructor() {
    afterEach(() => {
      this.fixture?.destroy();
      vi.useRealTimers();
    });
  }

  async open(state: Partial<PlaylistServer> = {}): Promise<void> {
    vi.useFakeTimers();
    Object.assign(this, await openPlaylistPage(state));
  }

  readonly q = (selector: string) => dom(this.fixture).one(selector);
  readonly all = (selector: string) => dom(this.fixture).all(selector);
  readonly text = (selector: string) => dom(this.fixture).text(selector);
}
