/**
 * Generates `contracts/src/routes/`, the route map of `@vidkeep/contracts/routes`: for every
 * route the app registers (all built-in plugins on), its method and path and the types of its
 * params, query, body and success response, derived from the very schema objects the route uses.
 * Each route is one `Route<Response, Params, Query, Body>` (see the generated `route.ts`): a schema
 * exported by the contracts stands by its export name (`'ChannelSettingsResponse'`, resolved to
 * its `Static` type), so a field renamed in the contracts changes the UI's types and fails
 * `ng build`; a schema written inline in a plugin is spelled out as a type (a named alias below
 * the routes when it spans lines).
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

/** The types the route files share: a route's slots and the names they resolve. */
const ROUTE_HELPERS = [
  ...HEADER,
  "import type * as C from '../index.js';",
  "import type { Static } from '../typebox.js';",
  '',
  '/** A contracts schema named by its export name resolves to its type; any other type stays as it is. */',
  'export type Resolve<T> = T extends keyof typeof C ? Static<(typeof C)[T]> : T;',
  '',
  '/** `T` (resolved) with the keys `K` optional: the fields of a query or body the server fills from their defaults. */',
  'export type DefaultsOptional<T, K extends PropertyKey> = Omit<Resolve<T>, K & keyof Resolve<T>> &',
  '  Partial<Pick<Resolve<T>, K & keyof Resolve<T>>>;',
  '',
  'type Slot<K extends string, T> = [T] extends [never] ? unknown : { [P in K]: Resolve<T> };',
  '',
  '/**',
  ' * A route: its success `response` and, where it takes them, its `params`, `query` and `body`',
  ' * (`never`: not taken). Each is a contracts export name or a type.',
  ' */',
  "export type Route<Response, Params = never, Query = never, Body = never> = Slot<'params', Params> &",
  "  Slot<'query', Query> &",
  "  Slot<'body', Body> & { response: Resolve<Response> };",
  '',
].join('\n');

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
    const byPlugin = new Map<string, { routes: Map<string, string>; aliases: string[] }>();
    for (const { route, plugin } of registeredRoutes(t.app)) {
      const schema = (route.schema ?? {}) as RouteSchema;
      if (schema.hide || route.url.includes('*')) continue;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      const entries = byPlugin.get(plugin) ?? { routes: new Map<string, string>(), aliases: [] };
      byPlugin.set(plugin, entries);
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        // One slot per part: a contracts schema by its export name, a type spelled out in place
        // when short, else a named alias below the interface.
        const slot = (part: string, s: Schema | undefined) => {
          if (!s) return 'never';
          const name = names.get(s);
          let type = name ? `'${name}'` : typeOf(s, names, '');
          if (type.includes('\n')) {
            const alias = pascal(`${key} ${part}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
            entries.aliases.push(`/** The ${part} of \`${key}\`. */\ntype ${alias} = ${type};`);
            type = alias;
          }
          if (part === 'response') return type;
          // What the server fills in from a default, a client may leave out.
          const defaulted = Object.entries(s.properties ?? {})
            .filter(([, p]) => (p as { default?: unknown }).default !== undefined)
            .map(([k]) => `'${k}'`);
          return defaulted.length ? `DefaultsOptional<${type}, ${defaulted.join(' | ')}>` : type;
        };
        const success = successOf(schema.response);
        const slots = [
          success ? slot('response', success) : 'unknown',
          slot('params', schema.params),
          slot('query', schema.querystring),
          slot('body', schema.body),
        ];
        while (slots.at(-1) === 'never') slots.pop();
        entries.routes.set(key, `  '${key}': Route<${slots.join(', ')}>;`);
      }
    }
    const files = new Map<string, string>();
    const plugins = [...byPlugin.keys()].sort();
    for (const plugin of plugins) {
      const { routes, aliases } = byPlugin.get(plugin)!;
      const path = join(ROUTE_MAP_DIR, `${plugin}.ts`);
      const used = [...routes.values(), ...aliases].join('\n');
      const text = [
        ...HEADER,
        ...(used.includes('C.') ? ["import type * as C from '../index.js';"] : []),
        ...(used.includes('Static<') ? ["import type { Static } from '../typebox.js';"] : []),
        `import type { ${used.includes('DefaultsOptional<') ? 'DefaultsOptional, ' : ''}Route } from './route.js';`,
        '',
        `/** The routes of ${plugin === 'core' ? 'the core' : `the ${plugin} plugin`}. */`,
        `export interface ${pascal(plugin)}Routes {`,
        ...[...routes.keys()].sort().map((k) => routes.get(k)!),
        '}',
        ...aliases.flatMap((a) => ['', a]),
        '',
      ].join('\n');
      files.set(path, await formatted(path, text));
    }
    const helpers = join(ROUTE_MAP_DIR, 'route.ts');
    files.set(helpers, await formatted(helpers, ROUTE_HELPERS));
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
