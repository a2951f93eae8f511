import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import { dom } from '../../../testing/dom';
import { platformCooldown, platformState, queueState } from '../../../testing/fixtures/downloads';
import { settle } from '../../../testing/settle';
import type { QueueState } from './api-types';
import { budgetUsageText, formatGigabytes } from './platform-notice';
import { clockTime } from '../../shared/format';
import { QueueBar } from './queue-bar';

const GIB = 1024 ** 3;
/** A moment of 29 Nov 2026 in the browser's local time zone, as the server would send it. */
const local = (hours: number, minutes: number, day = 29) => new Date(2026, 10, day, hours, minutes).toISOString();

/** The platform gate under the queue bar: cool-down, spent budget, budget used; live and re-read at its end. */
describe('Platform notice', () => {
  let api: FakeApi;
  let live: FakeLive;
  let queue: QueueState;
  let fixture: ComponentFixture<QueueBar>;
  const d = () => dom(fixture);
  const text = (id: string) => d().text(`[data-testid="${id}"]`);
  const has = (id: string) => d().one(`[data-testid="${id}"]`) !== null;
  const queueReads = () => api.callsTo('GET', '/api/queue').length;

  async function open(state: QueueState): Promise<void> {
    queue = state;
    fixture = TestBed.createComponent(QueueBar);
    await settle(fixture);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 29, 16, 0));
    TestBed.configureTestingModule({ providers: [provideFakeApi(), provideFakeLive()] });
    api = TestBed.inject(FakeApi);
    live = TestBed.inject(FakeLive);
    api.on('GET', '/api/queue', () => queue);
  });

  afterEach(() => vi.useRealTimers());

  it('says until when (local time) and why it cools down, and that a request still goes through once', async () => {
    await open(queueState({ platform: platformState({ cooldown: platformCooldown({ until: local(16, 45) }) }) }));
    expect(text('platform-cooldown')).toBe(
      'Cooling down until 16:45: the platform asked us to slow down (429). A download you ask for now still goes through once.',
    );
    expect(d().one('[data-testid="platform-cooldown"]')!.getAttribute('role')).toBe('status');
    expect(has('platform-budget-waiting')).toBe(false);
    expect(has('platform-usage')).toBe(false);
  });

  it('follows platformUpdated without reading the queue again: the override used, then the cool-down over', async () => {
    await open(queueState({ platform: platformState({ cooldown: platformCooldown({ until: local(16, 45) }) }) }));
    const reads = queueReads();
    const used = platformState({ cooldown: platformCooldown({ until: local(17, 5), overrideAvailable: false }) });
    live.send({ type: 'platformUpdated', platform: used });
    await settle(fixture);
    expect(text('platform-cooldown')).toBe(
      'Cooling down until 17:05: the platform asked us to slow down (429). Downloads you ask for wait too.',
    );
    live.send({ type: 'platformUpdated', platform: platformState() });
    await settle(fixture, 1000);
    expect(has('platform-cooldown')).toBe(false);
    expect(queueReads()).toBe(reads);
  });

  it('reads the queue again once the cool-down should have ended, and the notice goes', async () => {
    await open(queueState({ platform: platformState({ cooldown: platformCooldown({ until: local(16, 45) }) }) }));
    const reads = queueReads();
    queue = queueState();
    await settle(fixture, 44 * 60_000);
    expect(queueReads()).toBe(reads);
    expect(has('platform-cooldown')).toBe(true);
    await settle(fixture, 60_000 + 1_000);
    expect(queueReads()).toBe(reads + 1);
    expect(has('platform-cooldown')).toBe(false);
  });

  it('says when automatic downloads wait for the budget, unless a cool-down says more', async () => {
    const waitingUntil = local(17, 30);
    await open(queueState({ platform: platformState({ budget: { waitingUntil } }) }));
    expect(text('platform-budget-waiting')).toBe('Platform budget spent: automatic downloads wait until 17:30.');

    live.send({
      type: 'platformUpdated',
      platform: platformState({ cooldown: platformCooldown({ until: local(16, 15) }), budget: { waitingUntil } }),
    });
    await settle(fixture);
    expect(has('platform-budget-waiting')).toBe(false);
    expect(text('platform-cooldown')).toContain('Cooling down until 16:15');
  });

  it('shows the budget used for the caps that are set', async () => {
    const budget = { requestsPerHour: 200, requestsLastHour: 12, bytesPerDay: 5 * GIB, bytesLastDay: 1.23 * GIB };
    await open(queueState({ platform: platformState({ budget }) }));
    expect(text('platform-usage')).toBe('Requests this hour: 12 of 200 · Downloaded: 1.2 GB of 5 GB today');
    expect(has('platform-cooldown')).toBe(false);

    live.send({ type: 'platformUpdated', platform: platformState({ budget: { ...budget, bytesPerDay: 0 } }) });
    await settle(fixture);
    expect(text('platform-usage')).toBe('Requests this hour: 12 of 200');
  });

  it('keeps the queue bar itself: the state line and queueUpdated', async () => {
    await open(queueState({ platform: platformState({ cooldown: platformCooldown({ until: local(16, 45) }) }) }));
    expect(text('queue-bar-state')).toBe('Queue running');
    queue = { ...queue, paused: true };
    live.send({ type: 'queueUpdated', paused: true });
    await settle(fixture, 500);
    expect(has('queue-paused-notice')).toBe(true);
    expect(has('platform-cooldown')).toBe(true);
  });
});

describe('platform notice texts', () => {
  const now = new Date(2026, 10, 29, 23, 50);

  it('gives a local clock time, with the day when it is not today', () => {
    expect(clockTime(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toBe('09:05');
    expect(clockTime(new Date(2026, 10, 30, 0, 20).toISOString(), now)).toMatch(/^00:20 on .+/);
  });

  it('counts the budget in the unit it is set in', () => {
    expect(formatGigabytes(5 * GIB)).toBe('5 GB');
    expect(formatGigabytes(40 * 1024 ** 2)).toBe('0.04 GB');
    expect(formatGigabytes(12.4 * GIB)).toBe('12 GB');
    const none = platformState().budget;
    expect(budgetUsageText(none)).toBe('');
    expect(budgetUsageText({ ...none, bytesPerDay: 2 * GIB, bytesLastDay: GIB })).toBe(
      'Downloaded: 1 GB of 2 GB today',
    );
  });
});
