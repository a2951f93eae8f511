import type { ConfigPresentation } from '../presentation.js';

/** How the scheduler keys are shown in Settings (see `presented`). */
export const SCHEDULER_PRESENTATION: ConfigPresentation = {
  title: 'Scheduler',
  keys: {
    schedules: { title: 'Task schedules', editedIn: 'Task schedules are changed under Scheduled tasks below.' },
    schedulerShutdownWaitSeconds: {
      title: 'Shutdown wait',
      description: 'How long a shutdown waits for running tasks before marking them interrupted.',
      unit: 'seconds',
    },
  },
};
