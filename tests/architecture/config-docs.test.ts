/**
 * docs/configuration.md documents every key of config.json. The keys come from the config
 * section schemas in `contracts/src/config`; a key added there without a line in the doc fails
 * here, naming the key, so the reference cannot drift from the schemas.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AuthConfigSection,
  ChannelsConfigSection,
  CoreConfigSection,
  DownloaderConfigSection,
  isManaged,
  isSecret,
  PlexConfigSection,
  SchedulerConfigSection,
  JellyfinConfigSection,
  EmbyConfigSection,
  WatchStatusConfigSection,
  RetentionConfigSection,
  NotificationsConfigSection,
  FeedsConfigSection,
} from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOC_PATH = 'docs/configuration.md';
const doc = readFileSync(`${ROOT}${DOC_PATH}`, 'utf8');

interface SectionSchema {
  properties: Record<string, unknown>;
}

const SECTIONS: Record<string, SectionSchema> = {
  core: CoreConfigSection,
  auth: AuthConfigSection,
  downloader: DownloaderConfigSection,
  scheduler: SchedulerConfigSection,
  channels: ChannelsConfigSection,
  plex: PlexConfigSection,
  jellyfin: JellyfinConfigSection,
  emby: EmbyConfigSection,
  'watch-status': WatchStatusConfigSection,
  retention: RetentionConfigSection,
  notifications: NotificationsConfigSection,
  feeds: FeedsConfigSection,
};

const keysOf = (owner: string): [string, unknown][] => Object.entries(SECTIONS[owner]?.properties ?? {});
const allKeys = Object.keys(SECTIONS).flatMap((owner) =>
  keysOf(owner).map(([key, schema]) => ({ owner, key, schema })),
);

/** The table row of a key in the "Keys" reference: a line starting with `| \`key\` |`. */
const rowOf = (key: string): string | undefined =>
  doc.split('\n').find((line) => line.trimStart().startsWith(`| \`${key}\` |`));

describe(`${DOC_PATH} documents every config key`, () => {
  it('finds the config sections and their keys', () => {
    for (const owner of Object.keys(SECTIONS))
      expect(keysOf(owner).length, `${owner} section has no keys`).toBeGreaterThan(0);
  });

  it('mentions every key in backticks', () => {
    const missing = allKeys
      .filter(({ key }) => !doc.includes(`\`${key}\``))
      .map(({ owner, key }) => `${key} (${owner})`);
    expect(missing, `config keys missing from ${DOC_PATH}: ${missing.join(', ')}`).toEqual([]);
  });

  it('has a table row for every key, marking secrets and service-managed keys', () => {
    const problems: string[] = [];
    for (const { owner, key, schema } of allKeys) {
      const row = rowOf(key);
      if (row === undefined) {
        problems.push(`${key} (${owner}): no table row starting with | \`${key}\` |`);
        continue;
      }
      if (isSecret(schema) && !/\bsecret\b/i.test(row))
        problems.push(`${key} (${owner}): secret, but its row does not say so`);
      if (isManaged(schema) && !/\bmanaged\b/i.test(row))
        problems.push(`${key} (${owner}): managed, but its row does not say so`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('groups the keys under their owning plugin', () => {
    const problems: string[] = [];
    for (const owner of Object.keys(SECTIONS)) {
      const start = doc.indexOf(`\n### ${owner}\n`);
      if (start < 0) {
        problems.push(`no "### ${owner}" heading`);
        continue;
      }
      const next = doc.slice(start + 1).search(/\n##/);
      const section = next < 0 ? doc.slice(start) : doc.slice(start, start + 1 + next);
      for (const [key] of keysOf(owner)) {
        if (!section.includes(`| \`${key}\` |`)) problems.push(`${key} is not listed under "### ${owner}"`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
