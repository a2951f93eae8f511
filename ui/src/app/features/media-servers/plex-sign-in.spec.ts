import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { blankFixture } from '../../../testing/host';
import { poll } from '../../../testing/poll';
import { settle } from '../../../testing/settle';
import { MediaServersApi } from './media-servers-api';
import { PIN_GIVE_UP_MS, PIN_POLL_MS, PlexSignIn } from './plex-sign-in';

/** A popup as the page sees it: where it was sent, whether it was closed. */
function fakePopup() {
  return {
    closed: false,
    location: { href: '' },
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true;
    }),
  };
}

describe('PlexSignIn', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let popup: ReturnType<typeof fakePopup> | null;
  let signIn: PlexSignIn;
  let signedIn: number;
  let pin: () => unknown;

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    popup = fakePopup();
    signedIn = 0;
    pin = () => ({ status: 'pending', message: 'Waiting for the sign-in to be approved on plex.tv' });
    signIn = new PlexSignIn({
      api: TestBed.inject(MediaServersApi),
      openWindow: () => popup as unknown as Window,
      signedIn: () => signedIn++,
    });
    api.on('GET', '/plex/auth-url', () => ({ authUrl: 'https://app.plex.tv/auth#?code=abc', pinId: 42 }));
    api.on('GET', '/plex/check-pin/42', () => pin());
  });

  afterEach(() => {
    signIn.stop();
    vi.useRealTimers();
  });

  it('sends the popup to plex.tv and checks every 2 s until the token is saved', async () => {
    void signIn.start();
    await settle(fixture);
    expect(popup!.location.href).toBe('https://app.plex.tv/auth#?code=abc');
    expect([signIn.waiting(), signIn.notice()]).toEqual([true, 'Approve vidkeep in the Plex window…']);
    await settle(fixture, PIN_POLL_MS);
    await settle(fixture, PIN_POLL_MS);
    expect(api.callsTo('GET', '/plex/check-pin/42')).toHaveLength(2);
    pin = () => ({ status: 'saved', message: 'Signed in to Plex: the token is saved' });
    await poll(fixture, 'the saved token', () => signedIn === 1, { stepMs: PIN_POLL_MS });
    expect([signIn.waiting(), signIn.notice(), signIn.error()]).toEqual([
      false,
      'Signed in to Plex: the token is saved',
      null,
    ]);
    expect(popup!.close).toHaveBeenCalled();
    await settle(fixture, PIN_POLL_MS * 3);
    expect(api.callsTo('GET', '/plex/check-pin/42')).toHaveLength(3);
  });

  it('says why when the account has no access to the server', async () => {
    pin = () => ({ status: 'rejected', message: 'The Plex account you signed in with has no access to the server' });
    void signIn.start();
    await settle(fixture);
    await settle(fixture, PIN_POLL_MS);
    expect(signIn.error()).toBe('Not signed in: The Plex account you signed in with has no access to the server');
    expect([signIn.waiting(), signedIn]).toEqual([false, 0]);
  });

  it('stops when the window is closed without approving, and after five minutes', async () => {
    void signIn.start();
    await settle(fixture);
    popup!.closed = true;
    await settle(fixture, PIN_POLL_MS);
    expect(signIn.error()).toBe('Not signed in: the Plex window was closed before vidkeep was approved.');
    popup = fakePopup();
    void signIn.start();
    await settle(fixture);
    await settle(fixture, PIN_GIVE_UP_MS + PIN_POLL_MS);
    expect(signIn.error()).toBe('Not signed in: no approval arrived within 5 minutes. Start the sign-in again.');
    const checks = api.callsTo('GET', '/plex/check-pin/42').length;
    await settle(fixture, PIN_POLL_MS * 3);
    expect(api.callsTo('GET', '/plex/check-pin/42')).toHaveLength(checks);
  });

  it('offers the page as a link when no window could open, and explains an expired PIN', async () => {
    popup = null;
    void signIn.start();
    await settle(fixture);
    expect(signIn.authUrl()).toBe('https://app.plex.tv/auth#?code=abc');
    expect(signIn.notice()).toBe('Open the Plex page below and approve vidkeep there…');
    pin = () => {
      throw new ApiError(
        404,
        'This Plex sign-in has expired or is unknown: start the sign-in again',
        'PLEX_PIN_NOT_FOUND',
      );
    };
    await settle(fixture, PIN_POLL_MS);
    expect(signIn.error()).toBe('Not signed in: This Plex sign-in has expired or is unknown: start the sign-in again');
    expect(signIn.authUrl()).toBeNull();
  });

  it('explains when plex.tv cannot be reached, and closes the blank window', async () => {
    api.on('GET', '/plex/auth-url', () => {
      throw new ApiError(502, 'plex.tv could not be reached (connection refused)', 'PLEX_SIGN_IN_FAILED');
    });
    void signIn.start();
    await settle(fixture);
    expect(signIn.error()).toBe('Not signed in: plex.tv could not be reached (connection refused)');
    expect(popup!.close).toHaveBeenCalled();
  });
});
