import type { ConfigPresentation } from '../presentation.js';

/** How the notifications keys are shown in Settings (see `presented`). */
export const NOTIFICATIONS_PRESENTATION: ConfigPresentation = {
  title: 'Notifications',
  keys: {
    notificationsEnabled: {
      title: 'Send notifications',
      description: 'Send notifications to the Apprise targets.',
      editedIn: 'Notifications are set up on the Notifications page.',
    },
    appriseUrls: {
      title: 'Apprise targets',
      description: 'Notification targets in Apprise URL syntax; write-only.',
      editedIn: 'Notifications are set up on the Notifications page.',
    },
  },
};
