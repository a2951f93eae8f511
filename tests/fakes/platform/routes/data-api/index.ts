/**
 * The fake YouTube Data API v3 at `<url>/youtube/v3/<resource>` (external-apis.md section 6):
 * key check, forced failures and quota for every resource, then the resource's own answer, sent
 * as Google sends JSON.
 */
import { NOT_FOUND, type Exchange, type Route } from '../../http.js';
import type { PlatformState } from '../../state.js';
import { API_TEXTS, apiError, isAnswer, partsOf, type DataAnswer } from './format.js';
import { dataChannels, dataPlaylistItems, dataVideos } from './lists.js';
import { dataSearch } from './search.js';

interface Resource {
  /** Quota units per request. */
  cost: number;
  answer(s: PlatformState, q: URLSearchParams, parts: Set<string>): DataAnswer;
}

/** A new resource is one more entry here (and its parts in `API_PARTS`). */
const RESOURCES = new Map<string, Resource>([
  ['search', { cost: 100, answer: dataSearch }],
  ['channels', { cost: 1, answer: dataChannels }],
  ['playlistItems', { cost: 1, answer: dataPlaylistItems }],
  ['videos', { cost: 1, answer: dataVideos }],
]);

export function dataApiRoutes(s: PlatformState): Route[] {
  return [
    {
      path: '/youtube/v3/:resource',
      handle(x) {
        const resource = RESOURCES.get(x.params.resource);
        // Unknown resources are a plain 404 and cost nothing.
        if (!resource) return NOT_FOUND;
        sendData(x, answer(s, x.params.resource, resource, x.query));
      },
    },
  ];
}

/** Key check, forced failures and quota (every accepted request is charged, even one that then fails), then the resource. */
function answer(s: PlatformState, name: string, resource: Resource, q: URLSearchParams): DataAnswer {
  const { api } = s;
  const key = q.get('key');
  if (!key || !api.keys.has(key) || api.failure === 'keyInvalid') {
    return apiError(400, API_TEXTS.keyInvalid, 'keyInvalid', 'usageLimits');
  }
  if (api.failure === 'backendError') return apiError(500, API_TEXTS.backendError, 'backendError', 'global');
  if (api.failure === 'quotaExceeded' || api.used + resource.cost > api.quota) {
    return apiError(403, API_TEXTS.quotaExceeded, 'quotaExceeded', 'youtube.quota');
  }
  api.used += resource.cost;
  const parts = partsOf(name, q);
  return isAnswer(parts) ? parts : resource.answer(s, q, parts);
}

/** Pretty-printed like Google's unless `prettyPrint=false`. */
function sendData({ req, res, query }: Exchange, answer: DataAnswer): void {
  const text =
    query.get('prettyPrint') !== 'false' ? `${JSON.stringify(answer.body, null, 2)}\n` : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    Vary: 'Origin, X-Origin, Referer',
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}
