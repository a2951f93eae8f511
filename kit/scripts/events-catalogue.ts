/**
 * The events catalogue of docs/writing-plugins.md, generated from `EVENT_CATALOGUE` in the
 * contracts (name, when it is published, payload fields). `npm run docs:events` rewrites the part
 * between the markers; `kit/src/api-report.test.ts` fails while the page and the contracts differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_CATALOGUE, type EventDescription } from '@vidkeep/contracts';

export const GUIDE_PATH = fileURLToPath(new URL('../../docs/writing-plugins.md', import.meta.url));
export const BEGIN = '<!-- events:begin (generated from contracts by `npm run docs:events`; do not edit) -->';
export const END = '<!-- events:end -->';

interface Schema {
  type?: string;
  format?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

/** A payload schema in the few words a plugin author needs: `{ a: string, b?: integer | null }`. */
export function schemaText(schema: Schema): string {
  if (schema.anyOf) return schema.anyOf.map(schemaText).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  switch (schema.type) {
    case 'array': {
      const item = schemaText(schema.items ?? {});
      return item.includes(' ') ? `(${item})[]` : `${item}[]`;
    }
    case 'object': {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(
        ([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${schemaText(field)}`,
      );
      return `{ ${fields.join(', ')} }`;
    }
    case 'string':
      return schema.format ? `string (${schema.format})` : 'string';
    default:
      return schema.type ?? 'unknown';
  }
}

export function eventsCatalogue(): string {
  const lines = Object.entries(EVENT_CATALOGUE).map(
    ([name, event]) =>
      `- **\`${name}\`** (${(event as EventDescription).publishedBy ?? name.split('.')[0]}): ${event.when}\n  Payload: \`${schemaText(event.payload as Schema)}\``,
  );
  return [BEGIN, '', ...lines, '', END].join('\n');
}

/** The guide with its catalogue replaced by the generated one. */
export function withCatalogue(guide: string): string {
  const begin = guide.indexOf(BEGIN);
  const end = guide.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${GUIDE_PATH} has no events catalogue markers`);
  return guide.slice(0, begin) + eventsCatalogue() + guide.slice(end + END.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GUIDE_PATH, withCatalogue(readFileSync(GUIDE_PATH, 'utf8')));
  console.log(`updated the events catalogue in ${join('docs', 'writing-plugins.md')}`);
}
