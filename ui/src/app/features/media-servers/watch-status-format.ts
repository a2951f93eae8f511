import type { WatchStatusOverview, WatchStatusRun, WatchStatusServerOutcome } from '@vidkeep/contracts';
import { formatWhen } from '../../shared/format';

export type { WatchStatusOverview, WatchStatusRun, WatchStatusServerOutcome };

const KIND_LABELS: Readonly<Record<string, string>> = { plex: 'Plex', jellyfin: 'Jellyfin', emby: 'Emby' };

/** A server kind as people call it: `plex` → "Plex"; an unknown kind with a capital. */
export const serverKindLabel = (kind: string): string =>
  KIND_LABELS[kind] ?? (kind ? kind[0]!.toUpperCase() + kind.slice(1) : kind);

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * One server's part of a sync: "1 video updated (2 accounts)" (videos whose watched state
 * changed, each once however many accounts) or why it failed.
 */
export function serverOutcomeText(outcome: WatchStatusServerOutcome): { text: string; failed: boolean } {
  if ('error' in outcome) return { text: outcome.error, failed: true };
  return {
    text: `${plural(outcome.updated, 'video')} updated (${plural(outcome.users, 'account')})`,
    failed: false,
  };
}

const TRIGGERS: Readonly<Record<WatchStatusRun['trigger'], string>> = {
  scheduled: 'on schedule',
  manual: 'by Sync now',
  startup: 'at start-up',
};

/** When and how a sync ran: "Started Nov 25, 2026, 4:00 AM on schedule, finished 4:00 AM". */
export function runText(run: WatchStatusRun): string {
  const started = `Started ${formatWhen(run.startedAt, 'at an unknown time')} ${TRIGGERS[run.trigger]}`;
  return run.completedAt ? `${started}; finished ${formatWhen(run.completedAt)}.` : `${started}; not finished.`;
}

/** The servers of a run in a fixed order (Plex, Jellyfin, Emby, then others by name). */
export function runServers(run: WatchStatusRun): { kind: string; label: string; text: string; failed: boolean }[] {
  const order = Object.keys(KIND_LABELS);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.entries(run.servers)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([kind, outcome]) => ({ kind, label: serverKindLabel(kind), ...serverOutcomeText(outcome) }));
}

/** The card's badge: syncing now, on or off. */
export function syncStateText(o: Pick<WatchStatusOverview, 'running' | 'enabled'>): string {
  if (o.running) return 'Syncing…';
  return o.enabled ? 'On' : 'Off';
}
