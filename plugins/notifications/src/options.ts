import { type NotificationsConfigSection } from '@vidkeep/contracts/notifications';
import { Type, type PluginContext } from '@vidkeep/plugin-kit';

/** Manifest options: the command and the timings (tests shorten the retry wait). */
export const NotificationsOptions = Type.Object(
  {
    appriseCommand: Type.String({ minLength: 1, maxLength: 500, default: 'apprise' }),
    appriseTimeoutSeconds: Type.Number({ minimum: 1, maximum: 600, default: 30 }),
    webhookTimeoutSeconds: Type.Number({ minimum: 0.1, maximum: 120, default: 10 }),
    webhookRetryBaseSeconds: Type.Number({ minimum: 0.1, maximum: 3600, default: 30 }),
    webhookRetryMaxSeconds: Type.Number({ minimum: 1, maximum: 86_400, default: 3600 }),
    webhookMaxAttempts: Type.Integer({ minimum: 1, maximum: 50, default: 8 }),
    /** Media-server sync failures within this many seconds go out as one message. */
    coalesceSeconds: Type.Number({ minimum: 0, maximum: 600, default: 10 }),
  },
  { additionalProperties: false },
);
export interface NotificationsOptions {
  appriseCommand: string;
  appriseTimeoutSeconds: number;
  webhookTimeoutSeconds: number;
  webhookRetryBaseSeconds: number;
  webhookRetryMaxSeconds: number;
  webhookMaxAttempts: number;
  coalesceSeconds: number;
}

export type NotificationsContext = PluginContext<NotificationsOptions, NotificationsConfigSection>;
