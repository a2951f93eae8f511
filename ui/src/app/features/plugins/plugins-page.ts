import { ChangeDetectionStrategy, Component, OnInit, inject } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { RouterLink } from '@angular/router';
import { SWITCH_OFF_EFFECT, healthText, pluginState, switchNote } from './plugin-format';
import { PluginSwitch } from '../../shared/plugin-switch/plugin-switch';
import { PluginSwitches } from '../../shared/plugin-switch/plugin-switches';
import { PluginsApi } from '../../shared/plugin-switch/plugins-api';

/** Settings, Plugins: every plugin of the manifest with its version, health and on/off switch. */
@Component({
  selector: 'app-plugins-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink, MatButtonModule, PluginSwitch],
  template: `
    <nav class="back"><a routerLink="/settings">← Settings</a></nav>
    <h1>Plugins</h1>
    <p class="muted intro">{{ effect }}</p>
    @if (switches.loadError(); as e) {
      <div role="alert" class="error" data-testid="plugins-error">
        <p>{{ e }}</p>
        <button mat-stroked-button type="button" (click)="switches.load()">Try again</button>
      </div>
    }
    @if (switches.plugins(); as list) {
      <ul class="list" aria-label="Plugins">
        @for (p of list; track p.id) {
          @let state = stateOf(p);
          <li class="item" data-testid="plugin-row" [attr.data-plugin]="p.id">
            <div class="info">
              <div class="line">
                <h2 class="title">{{ p.id }}</h2>
                @if (p.version) {
                  <span class="muted small">version {{ p.version }}</span>
                }
                <span
                  class="badge"
                  [class.ok]="state.tone === 'ok'"
                  [class.bad]="state.tone === 'bad'"
                  data-testid="plugin-state"
                  >{{ state.text }}</span
                >
              </div>
              @if (p.description) {
                <p class="small">{{ p.description }}</p>
              }
              <p class="muted small">
                <code>{{ p.package }}</code>
                @if (p.dependsOn.length) {
                  · needs {{ p.dependsOn.join(', ') }}
                }
              </p>
              @if (p.health.length) {
                <ul class="badges" [attr.aria-label]="'Health checks of ' + p.id">
                  @for (h of p.health; track h.name) {
                    <li class="badge" [class.ok]="h.ok" [class.bad]="!h.ok" data-testid="plugin-health">
                      {{ health(h) }}
                    </li>
                  }
                </ul>
              }
              @if (note(p); as n) {
                <p class="muted small" data-testid="plugin-note">{{ n }}</p>
              }
            </div>
            <app-plugin-switch class="switch" [switches]="switches" [pluginId]="p.id" />
          </li>
        }
      </ul>
    } @else if (!switches.loadError()) {
      <p class="muted" role="status">Loading the plugins…</p>
    }
  `,
  styleUrls: ['../../shared/item-list.css', '../../shared/badges.css'],
  styles: `
    .item {
      align-items: flex-start;
    }
    .line {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 12px;
      align-items: baseline;
    }
    h2.title {
      margin: 0;
    }
    p {
      margin: 4px 0 0;
    }
    ul.badges {
      list-style: none;
      padding: 0;
    }
    code {
      overflow-wrap: anywhere;
    }
    .switch {
      min-width: 88px;
    }
  `,
})
export class PluginsPage implements OnInit {
  readonly switches = new PluginSwitches(inject(PluginsApi));
  readonly effect = SWITCH_OFF_EFFECT;
  readonly stateOf = pluginState;
  readonly note = switchNote;
  readonly health = healthText;

  ngOnInit(): void {
    void this.switches.load();
  }
}
