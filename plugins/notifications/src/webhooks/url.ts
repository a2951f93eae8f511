import { InvalidInputError, NotificationErrorCodes } from '@vidkeep/plugin-kit';

/**
 * A webhook URL is user input: only http and https are accepted (no `file:`, `ftp:`, `data:` or
 * anything else `fetch` might understand). Local and private addresses are allowed on purpose:
 * vidkeep runs on a home server and its receivers are usually on the same network.
 */
export function checkWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidInputError(NotificationErrorCodes.invalidUrl, 'The webhook URL is not a valid URL', {
      details: [{ path: '/url', message: 'is not a valid URL' }],
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidInputError(
      NotificationErrorCodes.invalidUrl,
      `A webhook URL must start with http:// or https:// (not ${url.protocol})`,
      { details: [{ path: '/url', message: 'must be http or https' }] },
    );
  }
  if (!url.hostname) {
    throw new InvalidInputError(NotificationErrorCodes.invalidUrl, 'The webhook URL has no host', {
      details: [{ path: '/url', message: 'has no host' }],
    });
  }
  return url;
}

/** The URL as clients and logs see it: a password and query values masked. */
export function maskWebhookUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, '***');
    return url.toString().replace(/%2A%2A%2A/g, '***');
  } catch {
    return '(invalid URL)';
  }
}
