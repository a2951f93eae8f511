/**
 * The plain-words reason a media-server request failed, the same for every kind (pure): it becomes
 * a playlist's last sync error and the `error` of the settings checks' 502 answers.
 */
export type ServerFailureKind = 'unreachable' | 'key-rejected' | 'failed';

export type ServerFailure =
  /** The server answered with an error status; `body` is its answer text. */
  | { status: number; body: string }
  /** No answer: `error` is what `fetch` threw (a TimeoutError, or a TypeError with a `cause.code`). */
  | { error: unknown; url: string; timeoutMs: number }
  /**
   * An answer that is not JSON (a proxy's login page, another server on that port): `request` is
   * `<method> <path>`, `contentType` what it said it sent.
   */
  | { notJson: { request: string; status: number; contentType: string | null }; url: string };

type FetchError = Error & { cause?: { code?: string; message?: string } };

/** Node's (and undici's) codes for "no answer", in words. */
const NO_ANSWER: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  UND_ERR_SOCKET: 'the server closed the connection',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the host cannot be reached',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

/**
 * A request that failed on a kept-alive connection the server had already closed (it restarted,
 * or its idle timeout won the race): worth one more try for a request that changes nothing.
 */
export const isStaleConnection = (err: unknown): boolean =>
  ['UND_ERR_SOCKET', 'ECONNRESET'].includes((err as FetchError)?.cause?.code ?? '');

export function describeServerFailure(
  label: string,
  failure: ServerFailure,
  /** Where the user gets a key, e.g. "Dashboard > API Keys". */
  keyHint: string,
): { kind: ServerFailureKind; message: string } {
  if ('notJson' in failure) {
    const { request, status, contentType } = failure.notJson;
    return {
      kind: 'failed',
      message: `${label} at ${failure.url} answered ${request} with something that is not JSON (HTTP ${status}, ${contentType ?? 'no content type'}): is the URL the ${label} server's?`,
    };
  }
  if ('status' in failure) {
    if (failure.status === 401 || failure.status === 403) {
      return {
        kind: 'key-rejected',
        message: `${label} rejected the API key (HTTP ${failure.status}); create one under ${keyHint}`,
      };
    }
    const detail = failure.body.replace(/\s+/g, ' ').trim().slice(0, 200);
    return { kind: 'failed', message: `${label} answered HTTP ${failure.status}${detail ? `: ${detail}` : ''}` };
  }
  const e = failure.error as FetchError;
  const code = e.cause?.code ?? '';
  const why =
    e.name === 'TimeoutError'
      ? `no answer within ${Math.round(failure.timeoutMs / 1000)} s`
      : (NO_ANSWER[code] ?? (code || e.cause?.message || e.message));
  return { kind: 'unreachable', message: `${label} is not reachable at ${failure.url} (${why})` };
}

/**
 * What every kind says when the playlist its last sync created is gone from the server (deleted
 * there by someone): the note on the playlist page (a new playlist, or one of the same name the
 * server already had) and the warning in the log.
 */
export const stalePlaylistTexts = (label: string, outcome: 'created' | 'adopted' = 'created') => ({
  note: `The playlist the last sync created was gone from ${label}, so ${outcome === 'created' ? 'a new one was created' : 'the playlist of the same name there was used'}`,
  log: `The stored ${label} playlist no longer exists; creating a new one`,
});
