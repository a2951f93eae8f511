import { Type, type Static } from '../typebox.js';
import { managed } from './annotations.js';
import { presented } from './presentation.js';
import { CORE_PRESENTATION } from './presentation/core.js';

/** Config keys owned by the core. */
export const CoreConfigSection = presented(
  Type.Object({
    uuid: managed(Type.String({ description: 'Instance id, generated once on first start', default: '' })),
    mediaserverUrl: Type.String({
      maxLength: 2048,
      default: '',
      description:
        'Base URL of the media server. Seeded from MEDIASERVER_URL on first start; while that variable is set it wins and this field is read-only.',
    }),
    apiRateLimitPerMinute: Type.Integer({
      minimum: 0,
      maximum: 100_000,
      default: 1200,
      description:
        'Requests per minute each client address may send to the API routes that need a session or API key (0: no limit). The web UI, the WebSocket, health and the setup and login routes are not counted. A change applies at once.',
    }),
    pluginsDisabled: managed(
      Type.Array(Type.String({ maxLength: 64 }), {
        default: [],
        maxItems: 100,
        description: 'Toggleable plugins switched off at run time (PATCH /api/plugins/{id}); kept across restarts',
      }),
    ),
  }),
  CORE_PRESENTATION,
);

export type CoreConfigSection = Static<typeof CoreConfigSection>;
