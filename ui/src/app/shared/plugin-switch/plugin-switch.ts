import { Component, computed, input, ChangeDetectionStrategy } from '@angular/core';
import { MatSlideToggleModule, type MatSlideToggleChange } from '@angular/material/slide-toggle';
import { Outcome } from '../outcome';
import type { PluginSwitches } from './plugin-switches';

/**
 * The on/off switch of one plugin (only where the server allows switching it at run time) and
 * the server's explanation when it refuses. Test ids `plugin-switch-<id>`, `plugin-<id>-error`.
 */
@Component({
  selector: 'app-plugin-switch',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatSlideToggleModule, Outcome],
  template: `
    @if (plugin(); as p) {
      @if (p.inManifest && p.toggleable) {
        <mat-slide-toggle
          [checked]="p.enabled"
          [disabled]="switches().switching.has(p.id)"
          (change)="set($event)"
          [aria-label]="(label() || p.id) + ' plugin'"
          [attr.data-testid]="'plugin-switch-' + p.id"
          >{{ caption() ? caption() + (p.enabled ? ' on' : ' off') : p.enabled ? 'On' : 'Off' }}</mat-slide-toggle
        >
      }
      <app-outcome [error]="switches().errors.get(p.id)" [small]="true" [testId]="'plugin-' + p.id" />
    }
  `,
  styles: `
    :host {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: 4px;
    }
  `,
})
export class PluginSwitch {
  readonly switches = input.required<PluginSwitches>();
  readonly pluginId = input.required<string>();
  /** A word before on/off ("Plugin" → "Plugin on"), where other switches are near. */
  readonly caption = input<string | null>(null);
  /** The plugin's name as the page calls it ("Plex"); the id when empty. */
  readonly label = input('');
  readonly plugin = computed(() => this.switches().plugin(this.pluginId()));

  async set(event: MatSlideToggleChange): Promise<void> {
    const ok = await this.switches().set(this.pluginId(), event.checked);
    // Refused: the switch shows the state the server kept.
    if (!ok) event.source.checked = !event.checked;
  }
}
