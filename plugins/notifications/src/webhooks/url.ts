import { NotificationErrorCodes } from '@vidkeep/contracts/notifications';
import { InvalidInputError } from '@vidkeep/plugin-kit';

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

/**
 * Where a delivery goes: the URL without its `user:password@` part, which travels as HTTP Basic
 * authentication instead (fetch refuses a URL with credentials, so such a webhook could never
 * deliver). The query stays in the URL: receivers read tokens there.
 */
export function requestTarget(raw: string): { url: string; headers: Record<string, string> } {
  const url = new URL(raw);
  if (!url.username && !url.password) return { url: raw, headers: {} };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url: url.toString(), headers: { Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } };
}

/**
 * A text about a delivery (an error, a log line) with the webhook's credentials masked as
 * {@link maskWebhookUrl} masks the URL: the URL itself, its password and its query values.
 */
export function maskSecretsIn(text: string, raw: string): string {
  let out = text.split(raw).join(maskWebhookUrl(raw));
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return out;
  }
  const secrets = [url.password, decodeURIComponent(url.password), ...url.searchParams.values()];
  for (const secret of new Set(secrets)) if (secret.length >= 3) out = out.split(secret).join('***');
  return out;
}
