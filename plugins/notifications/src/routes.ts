/** The notifications plugin's routes: Apprise targets and webhooks, registered in this order. */
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { appriseRoutes } from './apprise/routes.js';
import type { RouteDeps } from './route-deps.js';
import { webhookRoutes } from './webhooks/routes.js';

export type { RouteDeps };

export const notificationRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  await appriseRoutes(app, deps);
  await webhookRoutes(app, deps);
};
