import type { SchedulerService } from '@vidkeep/contracts';
import type { ChannelAutomation } from './services/automation.js';
import { AUTO_DOWNLOAD_TASK } from './wiring.js';

const TAB_COUNTS_TASK = 'channels.tab-counts';

/** The channels plugin's scheduled tasks: the automatic downloads and the tab counts. */
export function registerTasks(scheduler: SchedulerService, automation: ChannelAutomation): void {
  scheduler.register({
    key: AUTO_DOWNLOAD_TASK,
    title: 'Automatic channel downloads',
    description:
      "Looks at the newest videos of every enabled tab of subscribed channels and queues the new ones that match the channel's title filter.",
    defaultSchedule: '0 * * * *',
    run: (run) => automation.sweep(run.signal),
  });
  scheduler.register({
    key: TAB_COUNTS_TASK,
    title: 'Refresh channel tab counts',
    description:
      'Looks up how many public videos each tab has on the platform: every channel daily with a Data API key, otherwise a capped batch of channels not looked up in three days.',
    defaultSchedule: '30 5 * * *',
    run: (run) => automation.refreshAllCounts(run.signal),
  });
}
