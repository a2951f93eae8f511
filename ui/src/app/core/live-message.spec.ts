import {
  jobCounts,
  jobProgressMessage,
  jobSummary,
  platformCooldown,
  platformState,
} from '../../testing/fixtures/downloads';
import { isOneOf, parseLiveMessage, toLiveMessage } from './live-message';

const summary = jobSummary('j1', { status: 'completed', counts: jobCounts({ total: 1, completed: 1 }) });
const progress = jobProgressMessage();
const fetchProgress = {
  type: 'channelFetchProgress',
  channelId: 'UC1',
  tabType: 'videos',
  fetchType: 'full',
  stage: 'listing',
  itemsFetched: 3,
};
const rescan = {
  type: 'rescanStatus',
  running: true,
  runId: 4,
  operation: 'rescan',
  trigger: 'manual',
  progress: { phase: 'checking', done: 10, total: 20 },
  lastRun: null,
};

const importUpdate = {
  type: 'subscriptionImportUpdated',
  import: { jobId: 'i1', status: 'running', total: 50, done: 3 },
  lastResult: { channelId: 'UC1', title: 'One', url: 'u', state: 'success', restored: false, reason: null },
};

const platform = {
  type: 'platformUpdated',
  platform: platformState({ cooldown: platformCooldown(), budget: { requestsPerHour: 200, requestsLastHour: 12 } }),
};

describe('live messages', () => {
  it.each([
    ['ready', { type: 'ready', instanceId: 'i1' }],
    ['videoActivityUpdated', { type: 'videoActivityUpdated', instanceId: 'i1', revision: 4 }],
    ['jobUpdated', { type: 'jobUpdated', job: summary }],
    ['jobProgress', progress],
    ['jobProgress without progress', { ...progress, state: 'processing', progress: null }],
    ['scheduleRunUpdated', { type: 'scheduleRunUpdated', run: { id: 1, status: 'running' } }],
    ['channelFetchProgress', fetchProgress],
    ['a refresh finishing', { ...fetchProgress, fetchType: 'refresh', stage: 'done' }],
    [
      'a Load all with its pages, time left and pacing',
      { ...fetchProgress, pagesRead: 2, expectedTotal: 5000, etaSeconds: 160, sleepRequests: 1, cancelling: false },
    ],
    ['a cancelled Load all ending', { ...fetchProgress, stage: 'done', outcome: 'cancelled', etaSeconds: null }],
    ['channelUpdated', { type: 'channelUpdated', channelId: 'UC1', reason: 'downloaded' }],
    ['playlistFetchProgress', { type: 'playlistFetchProgress', playlistId: 'PL1', stage: 'saving', itemsFetched: 9 }],
    ['playlistUpdated', { type: 'playlistUpdated', playlistId: 'PL1', reason: 'synced' }],
    ['rescanStatus', rescan],
    ['an import ending', { ...rescan, operation: 'import', running: false, progress: null, lastRun: { id: 4 } }],
    ['subscriptionImportUpdated', importUpdate],
    ['an import update without a result', { ...importUpdate, lastResult: null }],
    ['platformUpdated in a cool-down', platform],
    ['platformUpdated without a cool-down', { type: 'platformUpdated', platform: platformState() }],
    [
      'platformUpdated with the budget spent',
      { type: 'platformUpdated', platform: platformState({ budget: { waitingUntil: '2025-01-01T01:00:00.000Z' } }) },
    ],
  ])('accepts %s', (_name, message) => {
    expect(toLiveMessage(message)).toEqual(message);
  });

  it.each([
    ['no object', 'jobUpdated'],
    ['an array', [{ type: 'ready', instanceId: 'i1' }]],
    ['no type', { instanceId: 'i1' }],
    ['an unknown type', { type: 'acmeThing' }],
    ['a type from the prototype', { type: 'toString' }],
    ['ready without an id', { type: 'ready' }],
    ['jobProgress without ids', { type: 'jobProgress' }],
    ['jobProgress without a state', { ...progress, state: undefined }],
    ['jobUpdated without a job', { type: 'jobUpdated' }],
    ['jobUpdated with an empty job', { type: 'jobUpdated', job: {} }],
    ['scheduleRunUpdated without a run', { type: 'scheduleRunUpdated' }],
    ['a fetch of an unknown tab', { ...fetchProgress, tabType: 'playlists' }],
    ['a fetch without its count', { ...fetchProgress, itemsFetched: undefined }],
    ['a fetch in an unknown stage', { ...fetchProgress, stage: 'sleeping' }],
    ['a fetch of an unknown kind', { ...fetchProgress, fetchType: 'partial' }],
    ['a channel update for an unknown reason', { type: 'channelUpdated', channelId: 'UC1', reason: 'whim' }],
    ['a channel update without its channel', { type: 'channelUpdated', reason: 'downloaded' }],
    ['a playlist listing without its count', { type: 'playlistFetchProgress', playlistId: 'PL1', stage: 'listing' }],
    ['a playlist update for an unknown reason', { type: 'playlistUpdated', playlistId: 'PL1', reason: 'whim' }],
    ['a rescan status of an unknown operation', { ...rescan, operation: 'defrag' }],
    ['a rescan status without its run', { ...rescan, runId: undefined }],
    ['an import update without the import', { type: 'subscriptionImportUpdated', lastResult: null }],
    ['an import update without counts', { ...importUpdate, import: { jobId: 'i1', status: 'running' } }],
    ['platformUpdated without the platform', { type: 'platformUpdated' }],
    ['platformUpdated without a budget', { type: 'platformUpdated', platform: { cooldown: null } }],
    [
      'platformUpdated with a cool-down without its end',
      { ...platform, platform: { ...platform.platform, cooldown: { ...platformCooldown(), until: undefined } } },
    ],
    [
      'platformUpdated with a budget without its figures',
      { ...platform, platform: { ...platform.platform, budget: { requestsPerHour: 200 } } },
    ],
  ])('drops %s', (_name, value) => {
    expect(toLiveMessage(value)).toBeNull();
  });

  it('parses frames and drops what is not JSON', () => {
    expect(parseLiveMessage(JSON.stringify(fetchProgress))).toEqual(fetchProgress);
    expect(parseLiveMessage('{"type":')).toBeNull();
    expect(parseLiveMessage('null')).toBeNull();
  });

  it('narrows to the listed types', () => {
    const message = { type: 'jobUpdated', job: summary };
    expect(isOneOf(message, ['jobUpdated', 'jobProgress'])).toBe(true);
    expect(isOneOf(message, ['jobProgress'])).toBe(false);
  });
});
