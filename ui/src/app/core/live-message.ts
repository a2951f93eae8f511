import type { LiveMessage, LiveMessageType } from '@vidkeep/contracts';
import { isTab } from '../shared/channel-format';

type Fields = Record<string, unknown>;

const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isRecordOrNull = (v: unknown): boolean => v === null || isRecord(v);
const isStringOrNull = (v: unknown): boolean => v === null || isString(v);
const oneOf =
  (...values: string[]) =>
  (v: unknown): boolean =>
    isString(v) && values.includes(v);

/**
 * What the UI relies on in each message of the contracts' `LiveMessageMap`. The WebSocket is the
 * one place where JSON enters untyped: a message that fails its check is dropped there, so every
 * subscriber reads typed fields without checking them again.
 */
const CHECKS: { readonly [K in LiveMessageType]: (m: Fields) => boolean } = {
  ready: (m) => isString(m['instanceId']),
  pluginToggled: (m) => isString(m['pluginId']) && typeof m['enabled'] === 'boolean',
  videoActivityUpdated: (m) => isString(m['instanceId']) && isNumber(m['revision']),
  jobUpdated: (m) => {
    const job = m['job'];
    return isRecord(job) && isString(job['id']) && isString(job['status']) && isRecord(job['counts']);
  },
  queueUpdated: (m) => typeof m['paused'] === 'boolean',
  platformUpdated: (m) => isPlatformState(m['platform']),
  jobProgress: (m) =>
    isString(m['jobId']) &&
    isString(m['sourceId']) &&
    isString(m['state']) &&
    isRecordOrNull(m['progress']) &&
    isRecordOrNull(m['diagnosis']),
  scheduleRunUpdated: (m) => isRecord(m['run']),
  channelFetchProgress: (m) =>
    isString(m['channelId']) &&
    isTab(m['tabType']) &&
    oneOf('full', 'refresh')(m['fetchType']) &&
    oneOf('listing', 'saving', 'done')(m['stage']) &&
    isNumber(m['itemsFetched']),
  channelUpdated: (m) => isString(m['channelId']) && oneOf('downloaded', 'removed')(m['reason']),
  playlistFetchProgress: (m) =>
    isString(m['playlistId']) && oneOf('listing', 'saving', 'done')(m['stage']) && isNumber(m['itemsFetched']),
  playlistUpdated: (m) =>
    isString(m['playlistId']) && oneOf('downloaded', 'synced', 'm3u', 'listed', 'settings')(m['reason']),
  rescanStatus: (m) =>
    typeof m['running'] === 'boolean' &&
    isNumber(m['runId']) &&
    oneOf('rescan', 'import')(m['operation']) &&
    isString(m['trigger']) &&
    isRecordOrNull(m['progress']) &&
    isRecordOrNull(m['lastRun']),
  subscriptionImportUpdated: (m) => {
    const run = m['import'];
    return (
      isRecord(run) &&
      isString(run['jobId']) &&
      isString(run['status']) &&
      isNumber(run['done']) &&
      isNumber(run['total']) &&
      isRecordOrNull(m['lastResult'])
    );
  },
};

/** The platform gate as the queue bar reads it: the cool-down's end, reason and override, the budget's figures. */
function isPlatformState(p: unknown): boolean {
  if (!isRecord(p)) return false;
  const { cooldown, budget } = p;
  const cooldownOk =
    cooldown === null ||
    (isRecord(cooldown) &&
      isString(cooldown['until']) &&
      isString(cooldown['reason']) &&
      typeof cooldown['overrideAvailable'] === 'boolean');
  return (
    cooldownOk &&
    isRecord(budget) &&
    ['requestsPerHour', 'requestsLastHour', 'bytesPerDay', 'bytesLastDay'].every((k) => isNumber(budget[k])) &&
    isStringOrNull(budget['waitingUntil'])
  );
}

const isKnownType = (type: unknown): type is LiveMessageType => isString(type) && Object.hasOwn(CHECKS, type);

/** A received value as a message of the contracts' map, or null (not JSON, unknown type or wrong shape). */
export function toLiveMessage(value: unknown): LiveMessage | null {
  return isLiveMessageValue(value) ? value : null;
}

function isLiveMessageValue(value: unknown): value is LiveMessage {
  return isRecord(value) && isKnownType(value['type']) && CHECKS[value['type']](value);
}

/** The text of one WebSocket frame as a message, or null. */
export function parseLiveMessage(text: string): LiveMessage | null {
  try {
    return toLiveMessage(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Narrows a message to the given types (the contracts' `isLiveMessage`, for several types). */
export function isOneOf<K extends LiveMessageType>(
  message: { type: string },
  types: readonly K[],
): message is LiveMessage<K> {
  return types.some((type) => type === message.type);
}
