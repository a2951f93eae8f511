import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  CHOICES,
  cronProblem,
  FILENAME_PREFIX_PATTERN,
  FILENAME_PREFIX_PATTERN_MESSAGE,
  MANAGED,
  PATTERN_MESSAGE,
  PRESENTATION_KEYWORDS,
  REQUIRES,
  SENT_TO,
  SENT_TO_KEEPS,
  SECRET,
  SUBFOLDER_PATTERN,
  SUBFOLDER_PATTERN_MESSAGE,
  type TSchema,
} from '@vidkeep/contracts';

/** Patterns whose failure is explained in words rather than by quoting the expression. */
const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  [SUBFOLDER_PATTERN]: SUBFOLDER_PATTERN_MESSAGE,
  [FILENAME_PREFIX_PATTERN]: FILENAME_PREFIX_PATTERN_MESSAGE,
};

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/**
 * One validation engine for everything: HTTP requests, the config file and the plugin manifest
 * are all checked by Ajv with the same settings, and their problems are reported in the same
 * `{ path, message }` form.
 */
export function makeAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: false,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    // Checking each schema against the JSON Schema meta-schema first costs ~100 ms per Ajv
    // instance at start (the meta-schema is compiled too). Our schemas are built by TypeBox, and
    // strict mode still refuses unknown keywords and formats when a schema compiles; the tests
    // compile every route schema (compilePendingSchemas).
    validateSchema: false,
    // Errors carry their schema, so a pattern's own words (`x-pattern-message`) can explain it.
    verbose: true,
    ...options,
  });
  addFormats(ajv);
  ajv.addFormat('cron', { type: 'string', validate: (s: string) => cronProblem(s) === null });
  ajv.addKeyword(SECRET);
  ajv.addKeyword(MANAGED);
  ajv.addKeyword(SENT_TO);
  ajv.addKeyword(SENT_TO_KEEPS);
  ajv.addKeyword(CHOICES);
  ajv.addKeyword(REQUIRES);
  ajv.addKeyword('example');
  for (const keyword of PRESENTATION_KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}

export interface ValidationIssue {
  path: string;
  message: string;
}

/** Turns Ajv errors into `{ path, message }` with the offending property in the path. */
export function formatIssues(errors: readonly ErrorObject[] | null | undefined, prefix: string): ValidationIssue[] {
  return (errors ?? []).map((e) => {
    let path = `${prefix}${e.instancePath}`;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties' && e.params.additionalProperty !== undefined) {
      path += `/${String(e.params.additionalProperty)}`;
      message = 'is not allowed';
    } else if (e.keyword === 'required' && e.params.missingProperty !== undefined) {
      path += `/${String(e.params.missingProperty)}`;
      message = 'is required';
    } else if (e.keyword === 'pattern') {
      const own = (e.parentSchema as Record<string, unknown> | undefined)?.[PATTERN_MESSAGE];
      message = typeof own === 'string' ? own : (PATTERN_MESSAGES[String(e.params.pattern)] ?? message);
    }
    return { path, message };
  });
}

const engines = {
  withDefaults: { ajv: makeAjv({ useDefaults: true }), cache: new WeakMap<object, ValidateFunction>() },
  withoutDefaults: { ajv: makeAjv({ useDefaults: false }), cache: new WeakMap<object, ValidateFunction>() },
};

function compile(engine: (typeof engines)[keyof typeof engines], schema: TSchema): ValidateFunction {
  let fn = engine.cache.get(schema);
  if (!fn) {
    fn = engine.ajv.compile(schema);
    engine.cache.set(schema, fn);
  }
  return fn;
}

export interface CheckResult<T> {
  ok: boolean;
  /** The value, with defaults filled in when `applyDefaults` was asked for (a copy, never the input). */
  value: T;
  issues: ValidationIssue[];
}

/** Validates a value against a TypeBox schema, optionally filling in defaults. */
export function check<T = unknown>(
  schema: TSchema,
  value: unknown,
  options: { applyDefaults?: boolean; prefix?: string } = {},
): CheckResult<T> {
  const copy = options.applyDefaults ? structuredClone(value) : value;
  const validate = compile(options.applyDefaults ? engines.withDefaults : engines.withoutDefaults, schema);
  const ok = validate(copy) as boolean;
  return { ok, value: copy as T, issues: ok ? [] : formatIssues(validate.errors, options.prefix ?? '') };
}

/**
 * The defaults of an object schema (every property that declares one, and the defaults inside an
 * object default), as Ajv's `useDefaults` would fill them into `{}`, without compiling the schema:
 * the config schema is large, and this runs at every start.
 */
export function defaultsOf<T = Record<string, unknown>>(schema: TSchema): T {
  return fillDefaults(schema, {}) as T;
}

function fillDefaults(schema: TSchema, value: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  for (const [key, prop] of Object.entries(properties)) {
    if (value[key] === undefined && 'default' in prop) value[key] = structuredClone(prop.default as unknown);
    const inner = value[key];
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && 'properties' in prop) {
      fillDefaults(prop, inner as Record<string, unknown>);
    }
  }
  return value;
}
