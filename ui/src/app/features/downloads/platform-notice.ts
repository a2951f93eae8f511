import { Component, computed, input, ChangeDetectionStrategy } from '@angular/core';
import type { PlatformCooldown, PlatformState } from './api-types';
import { clockTime } from '../../shared/format';

/** The server counts `platformGigabytesPerDay` in units of 1024³ bytes. */
const GIB = 1024 ** 3;

/**
 * Bytes in the unit of `platformGigabytesPerDay`, so that the cap reads as it was set (5, not the
 * 5.4 GB that decimal units make of it): 5 GiB → "5 GB", 1.23 GiB → "1.2 GB", 40 MiB → "0.04 GB".
 */
export function formatGigabytes(bytes: number): string {
  const gb = Math.max(0, bytes) / GIB;
  const digits = gb < 1 ? 2 : gb < 10 ? 1 : 0;
  return `${Number(gb.toFixed(digits)).toLocaleString('en-US')} GB`;
}

/** "Cooling down until 16:45: the platform asked us to slow down (429)." */
export function cooldownText(c: PlatformCooldown, now?: Date): string {
  const reason = c.reason.trim();
  return `Cooling down until ${clockTime(c.until, now)}: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
}

/** What a person's own request does during the cool-down: the one override, or nothing until it ends. */
export function overrideText(c: Pick<PlatformCooldown, 'overrideAvailable'>): string {
  return c.overrideAvailable
    ? 'A download you ask for now still goes through once.'
    : 'Downloads you ask for wait too.';
}

/** "Platform budget spent: automatic downloads wait until 16:45." */
export function budgetWaitText(waitingUntil: string, now?: Date): string {
  return `Platform budget spent: automatic downloads wait until ${clockTime(waitingUntil, now)}.`;
}

/** The budget used, for the caps that are set: "Requests this hour: 12 of 200 · Downloaded: 1.2 GB of 5.0 GB today". */
export function budgetUsageText(b: PlatformState['budget']): string {
  const parts: string[] = [];
  if (b.requestsPerHour > 0) parts.push(`Requests this hour: ${b.requestsLastHour} of ${b.requestsPerHour}`);
  if (b.bytesPerDay > 0) {
    parts.push(`Downloaded: ${formatGigabytes(b.bytesLastDay)} of ${formatGigabytes(b.bytesPerDay)} today`);
  }
  return parts.join(' · ');
}

/**
 * The platform gate under the queue bar: a cool-down in force (until when, why, and whether a
 * person's request still goes through), else a spent budget that holds automatic work back, and
 * the budget used when a cap is set.
 */
@Component({
  selector: 'app-platform-notice',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @let p = platform();
    @if (p.cooldown; as c) {
      <p class="warn" role="status" data-testid="platform-cooldown">
        {{ cooldownText(c) }} <span data-testid="platform-cooldown-override">{{ overrideText(c) }}</span>
      </p>
    } @else if (p.budget.waitingUntil; as until) {
      <p class="warn" role="status" data-testid="platform-budget-waiting">{{ budgetWaitText(until) }}</p>
    }
    @if (usage(); as u) {
      <p class="muted small" data-testid="platform-usage">{{ u }}</p>
    }
  `,
  styles: `
    .small {
      font-size: 13px;
    }
    p {
      margin: 8px 0 0;
    }
  `,
  host: { style: 'display: contents' },
})
export class PlatformNotice {
  readonly platform = input.required<PlatformState>();
  readonly usage = computed(() => budgetUsageText(this.platform().budget));
  readonly cooldownText = cooldownText;
  readonly overrideText = overrideText;
  readonly budgetWaitText = budgetWaitText;
}
