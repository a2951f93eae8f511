import { Component, inject, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Api, ApiError } from '../app/core/api';
import { deferred, FakeApi, provideFakeApi } from './fake-api';
import { poll } from './poll';
import { settle } from './settle';

/** Asks once on creation, and again on demand, as pages do. */
@Component({ selector: 'app-probe', template: '{{ shown() }}' })
class Probe {
  private readonly api = inject(Api);
  readonly shown = signal('');
  constructor() {
    void this.ask();
  }
  async ask(query?: { page: number }): Promise<void> {
    try {
      // Any route will do: the fake answers what the spec's handler returns.
      const answer = (await this.api.call('GET /api/jobs', { query })) as unknown as { text: string };
      this.shown.set(answer.text);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      this.shown.set(`${e?.status} ${e?.code} ${e?.message} ${JSON.stringify(e?.details)}`);
    }
  }
}

describe('the spec kit', () => {
  let api: FakeApi;

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
  });

  afterEach(() => vi.useRealTimers());

  it('answers through the real Api and records what was sent', async () => {
    api.on('GET', '/api/jobs', ({ query }) => ({ text: `page ${query?.['page'] ?? 'none'}` }));
    const fixture = TestBed.createComponent(Probe);
    await settle(fixture);
    expect(fixture.nativeElement.textContent).toBe('page none');
    void fixture.componentInstance.ask({ page: 2 });
    await settle(fixture);
    expect(fixture.nativeElement.textContent).toBe('page 2');
    expect(api.calls).toEqual([
      { method: 'GET', url: '/api/jobs' },
      { method: 'GET', url: '/api/jobs', query: { page: '2' } },
    ]);
  });

  it('sends a thrown ApiError as the server error envelope, and 404 without a route', async () => {
    const fixture = TestBed.createComponent(Probe);
    await settle(fixture);
    expect(fixture.nativeElement.textContent).toBe('404 null No fake route for GET /api/jobs []');
    api.on('GET', '/api/jobs', () => {
      throw new ApiError(400, 'Bad page', 'CORE_VALIDATION_FAILED', [{ path: 'page', message: 'must be >= 1' }]);
    });
    void fixture.componentInstance.ask();
    await settle(fixture);
    expect(fixture.nativeElement.textContent).toBe(
      '400 CORE_VALIDATION_FAILED Bad page [{"path":"page","message":"must be >= 1"}]',
    );
  });

  it('answers later when the handler says so; the clock moves only on request', async () => {
    const later = deferred<{ text: string }>();
    api.on('GET', '/api/jobs', () => later.promise);
    const fixture = TestBed.createComponent(Probe);
    await settle(fixture);
    expect(fixture.nativeElement.textContent).toBe('');
    setTimeout(() => later.resolve({ text: 'at last' }), 1_000);
    await settle(fixture, 999);
    expect(fixture.nativeElement.textContent).toBe('');
    await settle(fixture, 1);
    expect(fixture.nativeElement.textContent).toBe('at last');
  });

  it('polls on the fake clock and says what it waited for', async () => {
    api.on('GET', '/api/jobs', () => ({ text: 'soon' }));
    const fixture = TestBed.createComponent(Probe);
    await settle(fixture);
    const start = Date.now();
    api.on('GET', '/api/jobs', () => ({ text: 'done' }));
    setTimeout(() => void fixture.componentInstance.ask(), 2_000);
    expect(await poll(fixture, 'done', () => fixture.nativeElement.textContent === 'done')).toBe(true);
    expect(Date.now() - start).toBe(2_000);
    await expect(poll(fixture, 'never', () => false, { withinMs: 300 })).rejects.toThrow(
      'Still waiting after 300 ms: never',
    );
  });
});
