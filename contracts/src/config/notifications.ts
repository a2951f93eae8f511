import { Type, type Static } from '../typebox.js';
import { secret } from './annotations.js';
import { presented } from './presentation.js';
import { NOTIFICATIONS_PRESENTATION } from './presentation/notifications.js';

/** An Apprise URL: a scheme and `://` (`discord://…`, `tgram://…`, `mailto://…`, `json://…`), no spaces. */
export const APPRISE_URL_PATTERN = '^[A-Za-z][A-Za-z0-9+.-]{0,31}://[^\\s]+$';
export const APPRISE_TARGETS_MAX = 50;

/** One notification target of `appriseUrls` (reference section 3: `{url, name, richFormatting}`). */
export const AppriseTarget = Type.Object(
  {
    url: Type.String({
      minLength: 4,
      maxLength: 2000,
      pattern: APPRISE_URL_PATTERN,
      description: 'An Apprise URL (it may hold tokens: never returned)',
    }),
    name: Type.Optional(Type.String({ maxLength: 100, description: 'A name to tell targets apart' })),
    richFormatting: Type.Optional(
      Type.Boolean({
        description: 'Markdown for services that show it (Discord, Telegram, Slack, email); default true',
      }),
    ),
    enabled: Type.Optional(Type.Boolean({ description: 'Send to this target (default true)' })),
  },
  { additionalProperties: false },
);
export type AppriseTarget = Static<typeof AppriseTarget>;

/** Config keys owned by the notifications plugin (reference section 3). */
export const NotificationsConfigSection = presented(
  Type.Object({
    notificationsEnabled: Type.Boolean({
      default: false,
      description: 'Send notifications to the Apprise targets (webhooks are switched one by one)',
    }),
    appriseUrls: secret(
      Type.Array(AppriseTarget, {
        maxItems: APPRISE_TARGETS_MAX,
        default: [],
        description: 'Notification targets in Apprise URL syntax, `[{url, name, richFormatting}]`; write-only',
      }),
    ),
  }),
  NOTIFICATIONS_PRESENTATION,
);

export type NotificationsConfigSection = Static<typeof NotificationsConfigSection>;
