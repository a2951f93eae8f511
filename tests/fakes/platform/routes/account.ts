/**
 * The signed-in account: the subscriptions feed (`/api/feed/channels`, what yt-dlp reads for
 * https://www.youtube.com/feed/channels). Only a request carrying the account's cookie gets it;
 * anything else is told to sign in, as the platform tells a visitor.
 */
import type { Answer, Route } from '../http.js';
import type { PlatformState } from '../state.js';
import { channelRow } from './search.js';
import { platformError } from './shapes.js';

/** yt-dlp's own words for a page that needs a signed-in account (`raise_login_required`). */
export const LOGIN_REQUIRED = 'Login details are needed to download this content';

export function accountRoutes(s: PlatformState): Route[] {
  return [{ path: '/api/feed/channels', handle: ({ req }) => subscriptions(s, s.signedIn(req)) }];
}

function subscriptions(s: PlatformState, signedIn: boolean): Answer {
  if (!signedIn || !s.account) return platformError(LOGIN_REQUIRED, { kind: 'login-required' });
  const entries = s.account.subscriptions
    .map((id) => s.channels.get(id))
    .filter((c) => c !== undefined && !c.terminated)
    .map((c) => channelRow(s, c!));
  return { status: 200, body: { entries } };
}
