import type { FastifyInstance } from 'fastify';
import type { FileConfigService } from '../config/config-service.js';
import { installApiRateLimit } from './api-rate-limit.js';

/**
 * HTTP hardening of issue 19, registered in one place right after @fastify/rate-limit and before
 * any route: the general API rate limit.
 */
export async function installHardening(app: FastifyInstance, config: FileConfigService): Promise<void> {
  installApiRateLimit(app, () => config.get().apiRateLimitPerMinute);
}
