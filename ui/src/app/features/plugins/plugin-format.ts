import type { PluginInfo } from '@vidkeep/contracts';

export type PluginHealth = PluginInfo['health'][number];

/** The plugin's state in two words and the badge tone that goes with it. */
export function pluginState(p: PluginInfo): { text: string; tone: 'ok' | 'off' | 'bad' } {
  if (!p.inManifest) return { text: 'Not loaded', tone: 'off' };
  if (!p.enabled) return { text: 'Switched off', tone: 'off' };
  if (p.health.some((h) => !h.ok)) return { text: 'On, with a problem', tone: 'bad' };
  return { text: 'On', tone: 'ok' };
}

/** Why a plugin has no switch here, or null when it has one. */
export function switchNote(p: PluginInfo): string | null {
  if (!p.inManifest)
    return 'Its entry in plugin-manifest.json says enabled: false, so it is not loaded: change that and restart.';
  if (!p.toggleable) return 'Always on: only a change of plugin-manifest.json and a restart can take it out.';
  return null;
}

/** One health check in words: "database: ok", "connection: no answer within 2 s". */
export function healthText(h: PluginHealth): string {
  return `${h.name}: ${h.ok ? 'ok' : (h.message ?? 'failing')}`;
}

/** What switching off does, said on the Plugins page and on each media-server card. */
export const SWITCH_OFF_EFFECT =
  'Switching a plugin off stops it at once: its part of the API answers that it is switched off, and its scheduled tasks and media-server syncs stop. Its settings are kept for when it is switched on again.';
