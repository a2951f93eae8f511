/**
 * Generates `contracts/src/routes/`, the route map of `@vidkeep/contracts/routes`: for every
 * route the app registers (all built-in plugins on), its method and path and the types of its
 * params, query, body and success response, derived from the very schema objects the route uses.
 * A schema exported by the contracts is named (`Static<typeof C.ChannelSettingsResponse>`), so a
 * field renamed in the contracts changes the UI's types and fails `ng build`; a schema written
 * inline in a plugin is spelled out as a type.
 *
 * It also writes the UI specs' fixture of `GET /api/config/schema` (`ui/src/testing/fixtures/`).
 * `npm run contracts:routes` rewrites them; `tests/integration/route-map.test.ts` fails while
 * its files and the app's routes differ.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import * as contracts from '@vidkeep/contracts';
import { registeredRoutes } from '@vidkeep/core';
import { buildTestApp, completeSetup } from '@vidkeep/core/testing';

export const ROUTE_MAP_DIR = fileURLToPath(new URL('../../contracts/src/routes', import.meta.url));
/** The UI specs' answer to `GET /api/config/schema`, as a default install gives it. */
export const CONFIG_SCHEMA_FIXTURE = fileURLToPath(
  new URL('../../ui/src/testing/fixtures/config-schema.json', import.meta.url),
);

interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema | Schema[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
}

/** Every schema object the contracts export, by identity, with its export name. */
function exportedNames(): Map<object, string> {
  const names = new Map<object, string>();
  for (const name of Object.keys(contracts).sort()) {
    const value = (contracts as Record<string, unknown>)[name];
    if (!value || typeof value !== 'object' || Array.isArray(value) || names.has(value)) continue;
    const s = value as Schema;
    if (s.type !== undefined || s.anyOf || s.allOf || s.oneOf || s.const !== undefined || s.enum)
      names.set(value, name);
  }
  return names;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The TypeScript type of a schema: a named contracts export where there is one, else spelled out. */
export function typeOf(schema: Schema, names: Map<object, string>, indent = '    '): string {
  const name = names.get(schema);
  if (name) return `Static<typeof C.${name}>`;
  const inner = indent + '  ';
  const union = (parts: Schema[] | undefined) => parts?.map((p) => typeOf(p, names, indent)).join(' | ');
  if (schema.anyOf) return union(schema.anyOf)!;
  if (schema.oneOf) return union(schema.oneOf)!;
  if (schema.allOf) return schema.allOf.map((p) => typeOf(p, names, indent)).join(' & ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.type))
    return schema.type.map((type) => typeOf({ ...schema, type }, names, indent)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      if (Array.isArray(schema.items)) return `[${schema.items.map((i) => typeOf(i, names, indent)).join(', ')}]`;
      const item = schema.items ? typeOf(schema.items, names, indent) : 'unknown';
      return /^[\w.<>]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case 'object': {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(
        ([key, field]) =>
          `${inner}${IDENTIFIER.test(key) ? key : JSON.stringify(key)}${required.has(key) ? '' : '?'}: ${typeOf(field, names, inner)};`,
      );
      const extra =
        Object.values(schema.patternProperties ?? {})[0] ??
        (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (extra) fields.push(`${inner}[key: string]: ${typeOf(extra, names, inner)};`);
      return fields.length ? `{\n${fields.join('\n')}\n${indent}}` : 'Record<string, unknown>';
    }
    default:
      return 'unknown';
  }
}

interface RouteSchema {
  hide?: boolean;
  params?: Schema;
  querystring?: Schema;
  body?: Schema;
  response?: Record<string, Schema>;
}

/** The success answer of a route: the schema of its lowest 2xx status, or none. */
function successOf(response: Record<string, Schema> | undefined): Schema | undefined {
  const statuses = Object.keys(response ?? {})
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  return statuses.length ? response![statuses[0]!] : undefined;
}

const HEADER = [
  '// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.',
  '// tests/integration/route-map.test.ts fails while this file and the routes differ.',
];

const pascal = (id: string) => id.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/** Formatted as `prettier --check` wants it, so the lint and the route map's test agree. */
async function formatted(path: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(path);
  return await prettier.format(text, { ...options, filepath: path });
}

/**
 * The generated files by path (`contracts/src/routes/<plugin>.ts`, one per plugin that has routes,
 * and `index.ts` joining them), from the routes of an app booted with every built-in plugin.
 */
export async function routeMapFiles(): Promise<Map<string, string>> {
  const t = await buildTestApp({ logLevel: 'warn' });
  try {
    const names = exportedNames();
    const byPlugin = new Map<string, Map<string, string>>();
    for (const { route, plugin } of registeredRoutes(t.app)) {
      const schema = (route.schema ?? {}) as RouteSchema;
      if (schema.hide || route.url.includes('*')) continue;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      const parts: string[] = [];
      const part = (key: string, s: Schema | undefined) => {
        if (!s) return;
        // What the server fills in from a default, a client may leave out.
        const defaulted = Object.entries(s.properties ?? {})
          .filter(([, p]) => (p as { default?: unknown }).default !== undefined)
          .map(([k]) => JSON.stringify(k));
        const type = typeOf(s, names, '    ');
        parts.push(`    ${key}: ${defaulted.length ? `DefaultsOptional<${type}, ${defaulted.join(' | ')}>` : type};`);
      };
      part('params', schema.params);
      part('query', schema.querystring);
      part('body', schema.body);
      const success = successOf(schema.response);
      parts.push(`    response: ${success ? typeOf(success, names, '    ') : 'unknown'};`);
      const entries = byPlugin.get(plugin) ?? new Map<string, string>();
      byPlugin.set(plugin, entries);
      for (const method of methods)
        entries.set(`${method} ${route.url}`, `  '${method} ${route.url}': {\n${parts.join('\n')}\n  };`);
    }
    const files = new Map<string, string>();
    const plugins = [...byPlugin.keys()].sort();
    for (const plugin of plugins) {
      const entries = byPlugin.get(plugin)!;
      const path = join(ROUTE_MAP_DIR, `${plugin}.ts`);
      const text = [
        ...HEADER,
        "import type * as C from '../index.js';",
        "import type { Static } from '../typebox.js';",
        ...([...entries.values()].some((e) => e.includes('DefaultsOptional<'))
          ? ["import type { DefaultsOptional } from './defaults.js';"]
          : []),
        '',
        `/** The routes of ${plugin === 'core' ? 'the core' : `the ${plugin} plugin`}. */`,
        `export interface ${pascal(plugin)}Routes {`,
        ...[...entries.keys()].sort().map((k) => entries.get(k)!),
        '}',
        '',
      ].join('\n');
      files.set(path, await formatted(path, text));
    }
    const defaults = join(ROUTE_MAP_DIR, 'defaults.ts');
    files.set(
      defaults,
      await formatted(
        defaults,
        [
          ...HEADER,
          '',
          '/** `T` with the keys `K` optional: the fields of a query or body the server fills from their defaults. */',
          'export type DefaultsOptional<T, K extends PropertyKey> = Omit<T, K & keyof T> & Partial<Pick<T, K & keyof T>>;',
          '',
        ].join('\n'),
      ),
    );
    const index = join(ROUTE_MAP_DIR, 'index.ts');
    const indexText = [
      ...HEADER,
      ...plugins.map((p) => `import type { ${pascal(p)}Routes } from './${p}.js';`),
      '',
      '/**',
      ' * Every route of the API, keyed `METHOD /path` (path parameters as `:name`): the types of its',
      ' * `params`, `query`, `body` (those it takes) and its success `response`.',
      ' */',
      `export interface RouteMap extends ${plugins.map((p) => `${pascal(p)}Routes`).join(', ')} {}`,
      '',
    ].join('\n');
    files.set(index, await formatted(index, indexText));
    const session = await completeSetup(t);
    const schema = await t.app.inject({ url: '/api/config/schema', headers: { 'x-access-token': session } });
    files.set(CONFIG_SCHEMA_FIXTURE, await formatted(CONFIG_SCHEMA_FIXTURE, schema.body));
    return files;
  } finally {
    await t.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  rmSync(ROUTE_MAP_DIR, { recursive: true, force: true });
  mkdirSync(ROUTE_MAP_DIR, { recursive: true });
  for (const [path, text] of await routeMapFiles()) writeFileSync(path, text);
  console.log(`wrote ${relative(process.cwd(), ROUTE_MAP_DIR)}`);
}
