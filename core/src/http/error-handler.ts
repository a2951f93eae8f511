import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CoreErrorCodes, isDomainError, type DomainError, type ErrorEnvelope } from '@vidkeep/contracts';
import type { ErrorObject } from 'ajv';
import type { Logger } from 'pino';
import { formatIssues, type ValidationIssue } from '../validation/schema-validator.js';
import { toHttpError } from './domain-errors.js';
import { isHttpError, type HttpError } from './http-error.js';

const CLIENT_ERRORS: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: CoreErrorCodes.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: CoreErrorCodes.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: CoreErrorCodes.badRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: CoreErrorCodes.badRequest },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: CoreErrorCodes.badRequest },
};

/**
 * Sends the error envelope. Routes that declare `successFlagOnError` get `success: false` added,
 * except on 401/403 whose spec shape is always `{ error }`.
 */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: ErrorEnvelope,
): FastifyReply {
  const flag = request.routeOptions.config?.successFlagOnError && status !== 401 && status !== 403;
  const envelope: ErrorEnvelope = flag ? { success: false, ...body } : body;
  return reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

/**
 * The issue the error message names. Usually the first; when the body matched none of the shapes
 * a union allows, Ajv lists every shape's complaint ("body must be array" for a body that is
 * meant to be the object form), so the deepest issue, the field actually at fault, leads.
 */
function headline(errors: readonly ErrorObject[], details: ValidationIssue[]): ValidationIssue | undefined {
  if (!errors.some((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) return details[0];
  const depth = (issue: ValidationIssue) => issue.path.split('/').length;
  return details.reduce<ValidationIssue | undefined>(
    (best, issue) => (best === undefined || depth(issue) > depth(best) ? issue : best),
    undefined,
  );
}

/**
 * The one error handler: validation problems are 400 with every issue listed, oversized bodies
 * 413, our own HttpErrors keep their status, any other 4xx from Fastify keeps its status, and
 * only genuine server faults become 500 (logged, never leaking internals to the client).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError | HttpError | DomainError, request, reply) => {
    // A domain error no plugin mapped answers with the core's default status for its kind.
    const err = isDomainError(raw) ? toHttpError(raw) : raw;
    if ('validation' in err && err.validation) {
      const details = formatIssues(err.validation as ErrorObject[], err.validationContext ?? 'request');
      const first = headline(err.validation as ErrorObject[], details);
      return sendError(reply, request, 400, {
        error: first ? `${first.path} ${first.message}` : 'Invalid request',
        code: CoreErrorCodes.validationFailed,
        details,
      });
    }
    if (isHttpError(err)) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return sendError(reply, request, err.statusCode, {
        error: err.message,
        code: err.code,
        ...err.extra,
      });
    }
    const mapped = err.code ? CLIENT_ERRORS[err.code] : undefined;
    if (mapped) {
      return sendError(reply, request, mapped.status, { error: err.message, code: mapped.code });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, request, status, {
        error: err.message,
        code: err.code ?? CoreErrorCodes.badRequest,
      });
    }
    request.log.error({ err }, 'Request failed');
    return sendError(reply, request, 500, {
      error: 'Internal server error; the server log has the details',
      code: CoreErrorCodes.internal,
    });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, request, 404, {
    error: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    code: CoreErrorCodes.notFound,
  });
}

/** 405 for a known path asked with a method it is not served with; `Allow` lists the ones it is. */
export function sendMethodNotAllowed(request: FastifyRequest, reply: FastifyReply, allowed: string[]): FastifyReply {
  void reply.header('allow', allowed.join(', '));
  return sendError(reply, request, 405, {
    error: `${request.method} is not allowed on ${request.url.split('?')[0]}: it answers ${allowed.join(', ')}`,
    code: CoreErrorCodes.methodNotAllowed,
  });
}

/** Redacts credentials that may travel in a query string (e.g. a WebSocket `?token=`). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|api_key|apikey|key)=)[^&]*/gi, '$1[redacted]');
}

/**
 * Request logging by outcome: faults (500) at error, other 5xx (not configured, unavailable) at
 * warn, client errors at info, the rest at debug,
 * so a busy instance does not write a line per successful request.
 */
export function installRequestLogging(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const [level, msg] =
      status === 500
        ? (['error', 'request failed'] as const)
        : status > 500
          ? (['warn', 'request refused'] as const)
          : status >= 400
            ? (['info', 'request rejected'] as const)
            : (['debug', 'request completed'] as const);
    // Nothing is built for a line the configured level would drop (most successful requests).
    if ((request.log as Logger).isLevelEnabled(level)) {
      request.log[level](
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: status,
          responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
          client: request.clientAddress,
        },
        msg,
      );
    }
    done();
  });
}
