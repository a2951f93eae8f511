/**
 * The plain-words reason a media-server request failed, the same for every kind (pure): it becomes
 * a playlist's last sync error and the `error` of the settings checks' 502 answers.
 */
export type ServerFailureKind = 'unreachable' | 'key-rejected' | 'failed';

export type ServerFailure =
  /** The server answered with an error status; `body` is its answer text. */
  | { status: number; body: string }
  /** No answer: `error` is what `fetch` threw (a TimeoutError, or a TypeError with a `cause.code`). */
  | { error: unknown; url: string; timeoutMs: number };

export function describeServerFailure(
  label: string,
  failure: ServerFailure,
  /** Where the user gets a key, e.g. "Dashboard > API Keys". */
  keyHint: string,
): { kind: ServerFailureKind; message: string } {
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
  const e = failure.error as Error & { cause?: { code?: string; message?: string } };
  const why =
    e.name === 'TimeoutError'
      ? `no answer within ${Math.round(failure.timeoutMs / 1000)} s`
      : e.cause?.code === 'ECONNREFUSED'
        ? 'connection refused'
        : (e.cause?.code ?? e.cause?.message ?? e.message);
  return { kind: 'unreachable', message: `${label} is not reachable at ${failure.url} (${why})` };
}
