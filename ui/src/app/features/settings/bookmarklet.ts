import { DOWNLOAD_PATH } from './settings-api';

export const EXAMPLE_VIDEO_URL = 'https://www.youtube.com/watch?v=…';

/** `https://host:port/` → `https://host:port` (no trailing slash, no path). */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '');
}

/**
 * The bookmarklet's JavaScript: POSTs the current page's URL to `<origin>/api/videos/download`
 * with the key in `x-api-key` and alerts the server's answer (or why it could not be reached).
 * Origin and key are embedded as JSON string literals, so no value can break out of the code.
 */
export function bookmarkletCode(origin: string, apiKey: string): string {
  const endpoint = JSON.stringify(normalizeOrigin(origin) + DOWNLOAD_PATH);
  const key = JSON.stringify(apiKey);
  return (
    '(function(){' +
    `var e=${endpoint};` +
    'fetch(e,{method:"POST",headers:{"Content-Type":"application/json","x-api-key":' +
    key +
    '},body:JSON.stringify({url:location.href})})' +
    '.then(function(r){return r.json().catch(function(){return {};}).then(function(d){' +
    'alert(r.ok?"vidkeep: "+(d.message||"Queued"):"vidkeep: "+(d.error||d.message||"HTTP "+r.status));});})' +
    '.catch(function(x){alert("vidkeep: could not reach "+e+" ("+(x&&x.message||x)+")");});' +
    '})();'
  );
}

/** A `javascript:` URL to drag to the bookmarks bar (percent-encoded: browsers decode it first). */
export function buildBookmarklet(origin: string, apiKey: string): string {
  return 'javascript:' + encodeURIComponent(bookmarkletCode(origin, apiKey));
}

/** Quotes a shell word with single quotes unless it is plainly safe. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_\-.,:/=@%+]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A ready-to-paste curl command that queues one video with the key. */
export function buildCurlExample(origin: string, apiKey: string, videoUrl = EXAMPLE_VIDEO_URL): string {
  const body = JSON.stringify({ url: videoUrl });
  return [
    `curl -X POST ${shellQuote(normalizeOrigin(origin) + DOWNLOAD_PATH)}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    `-H ${shellQuote(`x-api-key: ${apiKey}`)}`,
    `-d ${shellQuote(body)}`,
  ].join(' ');
}
