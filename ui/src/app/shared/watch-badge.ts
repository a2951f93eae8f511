import { Component, computed, input, ChangeDetectionStrategy } from '@angular/core';
import { MatTooltipModule } from '@angular/material/tooltip';
import { watchBadgeText, watchDetail, watchKind, type WatchFields } from './watch-state';

const GLYPHS = { watched: '✓', unwatched: '○', unknown: '?' } as const;

/**
 * A video's watched state as a badge (watched, unwatched, unknown: each with its own look and
 * words), with who watched it in a tooltip on hover or keyboard focus, which is also its
 * accessible description. Test id `<testId>` with `data-state`.
 */
@Component({
  selector: 'app-watch-badge',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatTooltipModule],
  template: `
    <span
      class="badge"
      [class]="kind()"
      tabindex="0"
      [matTooltip]="detail()"
      [attr.data-testid]="testId()"
      [attr.data-state]="kind()"
      ><span aria-hidden="true">{{ glyph() }} </span>{{ text() }}</span
    >
  `,
  styleUrl: './badges.css',
  styles: `
    :host {
      display: contents;
    }
    .badge {
      cursor: default;
    }
    .badge:focus-visible {
      outline: 2px solid var(--mat-sys-primary);
      outline-offset: 1px;
    }
    .watched {
      background: var(--mat-sys-secondary-container);
      color: var(--mat-sys-on-secondary-container);
    }
    .unknown {
      background: transparent;
      color: var(--mat-sys-on-surface-variant);
      outline: 1px dashed var(--mat-sys-outline);
      outline-offset: -1px;
    }
  `,
})
export class WatchBadge {
  readonly video = input.required<WatchFields>();
  readonly testId = input('badge-watched');
  readonly kind = computed(() => watchKind(this.video()));
  readonly text = computed(() => watchBadgeText(this.video()));
  readonly detail = computed(() => watchDetail(this.video()));
  readonly glyph = computed(() => GLYPHS[this.kind()]);
}
