import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { makeAjv } from '../validation/schema-validator.js';
import { forSerialization } from './serialization-schema.js';

/**
 * Route schemas are compiled on first use, not at boot: compiling the validators and response
 * serializers of ~150 routes took about 0.4 s of every start, while a request needs only its own
 * route's. `compilePendingSchemas(app)` compiles every one that has not run yet, so a schema that
 * Ajv or fast-json-stringify refuses still fails a test (tests/architecture) instead of a request.
 */
/** Marks a body schema that documents a multipart upload: the validators leave such bodies to `readUpload` (uploads.ts). */
export const MULTIPART_BODY = 'x-multipart';

const pending = new WeakMap<object, (() => void)[]>();

function lazy<F extends (...args: never[]) => unknown>(owner: object, compile: () => F): () => F {
  let fn: F | undefined;
  const get = () => (fn ??= compile());
  let list = pending.get(owner);
  if (!list) pending.set(owner, (list = []));
  list.push(() => void get());
  return get;
}

const owners = new WeakMap<FastifyInstance, object>();

/** Compiles every route schema not compiled yet (tests call this to surface schema errors). */
export function compilePendingSchemas(app: FastifyInstance): number {
  const owner = owners.get(app) ?? app;
  const list = pending.get(owner) ?? [];
  pending.delete(owner);
  for (const compile of list) compile();
  return list.length;
}

/**
 * Fastify options that make response serializers compile on their first use; `owner` is any
 * object that `installValidators(app, owner)` later ties to the app.
 */
export function lazySerializerOptions(owner: object): Pick<FastifyServerOptions, 'schemaController'> {
  return {
    schemaController: {
      compilersFactory: {
        buildSerializer(externalSchemas: unknown, serializerOpts: unknown) {
          const build = SerializerSelector()(externalSchemas as never, serializerOpts as never);
          return (routeSchema: Parameters<typeof build>[0]) => {
            const get = lazy(owner, () => build({ ...routeSchema, schema: forSerialization(routeSchema.schema) }));
            return (data: unknown) => get()(data);
          };
        },
      },
    },
  };
}

/**
 * Two validators: bodies are validated strictly (no type coercion: `"10"` is not a number, and
 * unknown properties are errors, never silently dropped); query strings, params and headers are
 * text on the wire, so they are coerced to the declared types. Both Ajv instances are created on
 * the first request that needs one.
 */
export function installValidators(app: FastifyInstance, owner: object = app): void {
  owners.set(app, owner);
  let bodyAjv: ReturnType<typeof makeAjv> | undefined;
  let textAjv: ReturnType<typeof makeAjv> | undefined;
  app.setValidatorCompiler(({ schema, httpPart }) => {
    // A multipart upload's body schema only documents the form; `readUpload` reads and checks it.
    if (httpPart === 'body' && (schema as Record<string, unknown>)[MULTIPART_BODY] === true) {
      return (() => true) as unknown as ValidateFunction;
    }
    const get = lazy(owner, () =>
      httpPart === 'body'
        ? (bodyAjv ??= makeAjv({ coerceTypes: false })).compile(schema)
        : rejectNonFinite((textAjv ??= makeAjv({ coerceTypes: 'array' })).compile(schema)),
    );
    const validate = ((data: unknown) => {
      const fn = get();
      const ok = fn(data);
      validate.errors = fn.errors;
      return ok;
    }) as ValidateFunction;
    return validate;
  });
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
