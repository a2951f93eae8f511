import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { MANAGED, SECRET } from '@vidkeep/contracts';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    ...options,
  });
  addFormats(ajv);
  ajv.addKeyword(SECRET);
  ajv.addKeyword(MANAGED);
  ajv.addKeyword('example');
  return ajv;
}

/**
 * Two validators: bodies are validated strictly (no type coercion: `"10"` is not a number, and
 * unknown properties are errors, never silently dropped); query strings, params and headers are
 * text on the wire, so they are coerced to the declared types.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = makeAjv({ coerceTypes: false });
  const textAjv = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema),
  );
}
