import { createHash } from 'node:crypto';
import type { AppriseTarget, AppriseTargetView } from '@vidkeep/contracts/notifications';

/** A target's id: a short hash of its URL (stable while the URL is; it reveals nothing of the tokens). */
export const targetId = (url: string): string => createHash('sha256').update(url).digest('hex').slice(0, 12);

/** The scheme of an Apprise URL (`discord`, `tgram`, `json`, …). */
export const serviceOf = (url: string): string =>
  /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1]?.toLowerCase() ?? '?';

/** Services whose messages show Markdown (reference 8.10: Discord, Telegram, Slack, email). */
const MARKDOWN_SERVICES = new Set(['discord', 'tgram', 'slack', 'mailto', 'mailtos']);

/**
 * Whether a target gets the Markdown message: when rich formatting is on (the default) and its
 * service shows Markdown; every other target gets plain text.
 */
export const wantsMarkdown = (t: AppriseTarget): boolean =>
  (t.richFormatting ?? true) && MARKDOWN_SERVICES.has(serviceOf(t.url));

/** `discord://…`: the scheme only. Hosts are left out too, as services put tokens there (`discord://<id>/<token>`). */
export const maskAppriseUrl = (url: string): string => `${serviceOf(url)}://…`;

export function viewOf(t: AppriseTarget): AppriseTargetView {
  return {
    id: targetId(t.url),
    name: t.name?.trim() || serviceOf(t.url),
    service: serviceOf(t.url),
    maskedUrl: maskAppriseUrl(t.url),
    richFormatting: t.richFormatting ?? true,
    enabled: t.enabled ?? true,
  };
}

/**
 * Masks every Apprise URL in a text (apprise's own output, an error): the given URLs, and
 * anything that looks like `scheme://…`.
 */
export function maskUrlsIn(text: string, urls: readonly string[]): string {
  let out = text;
  for (const url of urls) if (url) out = out.split(url).join(maskAppriseUrl(url));
  return out.replace(/\b([A-Za-z][A-Za-z0-9+.-]{0,31}):\/\/(?!\u2026)[^\s'"]+/g, '$1://…');
}
