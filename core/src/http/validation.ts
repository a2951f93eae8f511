import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { makeAjv } from '../validation/schema-validator.js';

/**
 * Two validators: bodies are validated strictly (no type coercion: `"10"` is not a number, and
 * unknown properties are errors, never silently dropped); query strings, params and headers are
 * text on the wire, so they are coerced to the declared types.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = makeAjv({ coerceTypes: false });
  const textAjv = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? bodyAjv.compile(schema) : rejectNonFinite(textAjv.compile(schema)),
  );
}

function nonFinitePaths(value: unknown, path = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nonFinitePaths(v, `${path}/${k}`));
}

/**
 * Ajv's type coercion turns "Infinity" (or "1e400") into a number and then skips `minimum` and
 * `maximum` for non-finite numbers, so `/api/keys/Infinity` would reach the handler. Such values
 * are refused here like any other type error.
 */
function rejectNonFinite(validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown, ctx?: Parameters<ValidateFunction>[1]) => {
    const ok = validate(data, ctx);
    wrapped.errors = validate.errors;
    if (!ok) return false;
    const bad = nonFinitePaths(data);
    if (bad.length === 0) return true;
    wrapped.errors = bad.map((instancePath): ErrorObject => ({
      instancePath,
      schemaPath: '',
      keyword: 'type',
      params: {},
      message: 'must be a finite number',
    }));
    return false;
  }) as ValidateFunction;
  Object.assign(wrapped, { schema: validate.schema, schemaEnv: validate.schemaEnv });
  return wrapped;
}
