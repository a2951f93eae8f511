import { bookmarkletCode, buildBookmarklet, buildCurlExample, normalizeOrigin, shellQuote } from './bookmarklet';

const KEY = 'vk_0967397a4ed9a20dde2f05d7890b3bb9a696d1da5d69ad027072e9b3cd6b036e';

interface FetchCall {
  url: string;
  init: { method: string; headers: Record<string, string>; body: string };
}

/** Runs the bookmarklet's code with a fake page (location, fetch, alert). */
async function runBookmarklet(
  href: string,
  pageUrl: string,
  answer: { ok: boolean; status: number; body: unknown } | Error,
): Promise<{ calls: FetchCall[]; alerts: string[] }> {
  expect(href.startsWith('javascript:')).toBe(true);
  const code = decodeURIComponent(href.slice('javascript:'.length));
  const calls: FetchCall[] = [];
  const alerts: string[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const fetch = (url: string, init: FetchCall['init']) => {
    calls.push({ url, init });
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve({
      ok: answer.ok,
      status: answer.status,
      json: () => (answer.body === undefined ? Promise.reject(new Error('not json')) : Promise.resolve(answer.body)),
    });
  };
  const alert = (text: string) => {
    alerts.push(text);
    done();
  };
  new Function('location', 'fetch', 'alert', code)({ href: pageUrl }, fetch, alert);
  await finished;
  return { calls, alerts };
}

describe('buildBookmarklet', () => {
  it('POSTs the current page URL with the key and alerts the message', async () => {
    const href = buildBookmarklet('http://nas.local:3011/', KEY);
    const { calls, alerts } = await runBookmarklet(href, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1', {
      ok: true,
      status: 200,
      body: { success: true, message: 'Video queued' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://nas.local:3011/api/videos/download');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', 'x-api-key': KEY });
    expect(JSON.parse(calls[0]?.init.body ?? '')).toEqual({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1' });
    expect(alerts).toEqual(['vidkeep: Video queued']);
  });

  it('alerts the server error', async () => {
    const { alerts } = await runBookmarklet(buildBookmarklet('http://h', KEY), 'https://x', {
      ok: false,
      status: 429,
      body: { success: false, error: 'Too many requests' },
    });
    expect(alerts).toEqual(['vidkeep: Too many requests']);
  });

  it('alerts the status when the answer is not JSON', async () => {
    const { alerts } = await runBookmarklet(buildBookmarklet('http://h', KEY), 'https://x', {
      ok: false,
      status: 502,
      body: undefined,
    });
    expect(alerts).toEqual(['vidkeep: HTTP 502']);
  });

  it('alerts when vidkeep cannot be reached', async () => {
    const { alerts } = await runBookmarklet(
      buildBookmarklet('http://h', KEY),
      'https://x',
      new TypeError('Failed to fetch'),
    );
    expect(alerts).toEqual(['vidkeep: could not reach http://h/api/videos/download (Failed to fetch)']);
  });

  it('is percent-encoded and embeds values as string literals', async () => {
    const evil = 'k"}); alert("owned"); ({"';
    const href = buildBookmarklet('http://h', evil);
    expect(href).not.toMatch(/[\s"'<>{}]/);
    expect(bookmarkletCode('http://h', 'a"b')).toContain('"x-api-key":"a\\"b"');
    const { calls, alerts } = await runBookmarklet(href, 'https://x', {
      ok: true,
      status: 200,
      body: { message: 'ok' },
    });
    expect(calls[0]?.init.headers['x-api-key']).toBe(evil);
    expect(alerts).toEqual(['vidkeep: ok']);
  });
});

describe('buildCurlExample', () => {
  it('matches the documented command', () => {
    expect(buildCurlExample('http://localhost:3011', KEY)).toBe(
      `curl -X POST http://localhost:3011/api/videos/download -H 'Content-Type: application/json' -H 'x-api-key: ${KEY}' -d '{"url":"https://www.youtube.com/watch?v=…"}'`,
    );
  });

  it('takes another video URL and strips a trailing slash from the origin', () => {
    expect(buildCurlExample('https://vk.example.com/', KEY, 'https://youtu.be/abc')).toContain(
      `https://vk.example.com/api/videos/download -H`,
    );
    expect(buildCurlExample('https://vk.example.com/', KEY, 'https://youtu.be/abc')).toContain(
      `-d '{"url":"https://youtu.be/abc"}'`,
    );
  });
});

describe('shellQuote and normalizeOrigin', () => {
  it('quotes only when needed and escapes single quotes', () => {
    expect(shellQuote('http://h:1/a')).toBe('http://h:1/a');
    expect(shellQuote('a b')).toBe(`'a b'`);
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    expect(shellQuote('http://[::1]:3011/x')).toBe(`'http://[::1]:3011/x'`);
  });

  it('drops trailing slashes', () => {
    expect(normalizeOrigin(' http://h:1// ')).toBe('http://h:1');
  });
});
