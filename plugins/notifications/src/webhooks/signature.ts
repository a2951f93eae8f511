import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a delivery is signed in (Stripe's scheme: a timestamp and a v1 HMAC). */
export const SIGNATURE_HEADER = 'X-Vidkeep-Signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the timestamp is signed with the body,
 * so a receiver that rejects old timestamps also rejects a replayed delivery.
 */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (docs/notifications.md shows the same in a few lines): true when the
 * header signs this body with this secret and its timestamp is within `toleranceSeconds`.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string') return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
