/**
 * Ownership shows in names: every table starts with its plugin's id, every migration file names
 * the plugin whose tables it changes, and every error code starts with its owner's prefix.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@vidkeep/contracts';
import { builtinMigrations } from '@vidkeep/migrations';
import type { PluginDefinition } from '@vidkeep/core/plugin-api';
import { entitySchemaOf } from '@vidkeep/core/testing';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sources.js';

const PLUGIN_IDS = readdirSync(join(ROOT, 'plugins'));

async function definitionOf(id: string): Promise<PluginDefinition> {
  return ((await import(`@vidkeep/plugin-${id}`)) as { default: PluginDefinition }).default;
}

/** A table belongs to a plugin when it is named after the id or starts with `<id>_`. */
export function tableProblem(pluginId: string, table: string): string | null {
  const prefix = pluginId.replace(/-/g, '_');
  return table === prefix || table.startsWith(`${prefix}_`) ? null : `table "${table}" does not start with "${prefix}"`;
}

describe('tables', () => {
  it.each(PLUGIN_IDS)('every entity of %s is stored in a table named after the plugin', async (id) => {
    const def = await definitionOf(id);
    const problems = (def.entities ?? [])
      .map((e) => entitySchemaOf(e).meta)
      .flatMap((meta) => tableProblem(id, meta.tableName ?? meta.collection) ?? []);
    expect(problems).toEqual([]);
  });

  it('every built-in migration is named <timestamp>_<plugin id>_<change>', () => {
    // The tables a migration leaves behind are checked against the entities by the migrations
    // test (the schema equals the entities); older migrations may create names a later one renames.
    const named = (name: string) =>
      PLUGIN_IDS.some((id) => new RegExp(`^\\d{14}_${id.replace(/-/g, '_')}_[a-z0-9_]+$`).test(name));
    expect(builtinMigrations.map((m) => m.name).filter((name) => !named(name))).toEqual([]);
  });

  it('the rule itself: the id or <id>_ only, dashes as underscores', () => {
    expect(tableProblem('channels', 'channels')).toBeNull();
    expect(tableProblem('channels', 'channels_videos')).toBeNull();
    expect(tableProblem('watch-status', 'watch_status_rows')).toBeNull();
    expect(tableProblem('channels', 'channel_videos')).toMatch(/channel_videos/);
    expect(tableProblem('auth', 'authors')).not.toBeNull();
  });
});

describe('error codes', () => {
  const groups: [string, Record<string, string>, string][] = [
    ['core', contracts.CoreErrorCodes, 'CORE_'],
    ['boot', contracts.BootErrorCodes, 'CORE_'],
    ['auth', contracts.AuthErrorCodes, 'AUTH_'],
    ['downloader', contracts.DownloaderErrorCodes, 'DOWNLOAD_'],
    ['channels', contracts.ChannelErrorCodes, 'CHANNELS_'],
    ['scheduler', contracts.SchedulerErrorCodes, 'SCHEDULER_'],
    ['playlists', contracts.PlaylistErrorCodes, 'PLAYLISTS_'],
    ['plex', contracts.PlexErrorCodes, 'PLEX_'],
    ['jellyfin', contracts.JellyfinErrorCodes, 'JELLYFIN_'],
    ['emby', contracts.EmbyErrorCodes, 'EMBY_'],
    ['watch-status', contracts.WatchStatusErrorCodes, 'WATCH_STATUS_'],
    ['retention', contracts.RetentionErrorCodes, 'RETENTION_'],
    ['notifications', contracts.NotificationErrorCodes, 'NOTIFICATIONS_'],
    ['feeds', contracts.FeedErrorCodes, 'FEEDS_'],
  ];

  it.each(groups)('the %s codes start with their prefix and are PREFIX_REASON', (_owner, codes, prefix) => {
    for (const code of Object.values(codes)) expect(code).toMatch(new RegExp(`^${prefix}[A-Z0-9]+(_[A-Z0-9]+)*$`));
  });

  it('no code is defined twice', () => {
    const all = groups.flatMap(([, codes]) => Object.values(codes));
    expect(all.length).toBe(new Set(all).size);
  });

  it('every group of codes contracts exports is checked here', () => {
    const exported = Object.entries(contracts).filter(([name]) => name.endsWith('ErrorCodes'));
    expect(exported.map(([, codes]) => codes)).toEqual(expect.arrayContaining(groups.map(([, codes]) => codes)));
    expect(exported).toHaveLength(groups.length);
  });
});
