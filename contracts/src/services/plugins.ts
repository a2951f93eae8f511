import { serviceRef } from './ref.js';

/**
 * Provided by the core: which loaded plugins are switched on. A plugin that declares itself
 * `toggleable` can be switched off and on at run time (`PATCH /api/plugins/{id}`, persisted);
 * while off, its routes answer 404, its event subscriptions and scheduled tasks do not run and its
 * contributions to extension points disappear. Plugins that call another plugin's work on a
 * schedule of their own ask here first.
 */
export interface PluginStates {
  isActive(pluginId: string): boolean;
  /** Calls `listener` after every switch; returns a function that stops listening. */
  onChange(listener: (pluginId: string, active: boolean) => void): () => void;
}

export const pluginStatesRef = serviceRef<PluginStates>('core.pluginStates');
