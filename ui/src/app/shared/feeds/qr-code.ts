import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import qrcode from 'qrcode-generator';

/** The quiet zone around a QR code, in modules (the standard asks for four). */
const QUIET = 4;

/**
 * The dark modules of `text` as a QR code (error correction M, the smallest version that holds
 * it), as one SVG path in module units, and the side of the square with its quiet zone.
 */
export function qrPath(text: string): { d: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
  return { d, size: count + 2 * QUIET };
}

/**
 * A QR code of `text` drawn as inline SVG (no image request, no script in the markup): dark on
 * white in both colour schemes, as phone cameras read best. `label` is its accessible name.
 */
@Component({
  selector: 'app-qr-code',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @let q = code();
    <svg
      role="img"
      [attr.aria-label]="label()"
      [attr.viewBox]="'0 0 ' + q.size + ' ' + q.size"
      shape-rendering="crispEdges"
      [attr.data-testid]="testId()"
    >
      <rect [attr.width]="q.size" [attr.height]="q.size" fill="#fff" />
      <path [attr.d]="q.d" fill="#000" />
    </svg>
  `,
  styles: `
    :host {
      display: block;
      width: min(100%, 240px);
    }
    svg {
      display: block;
      width: 100%;
      height: auto;
    }
  `,
})
export class QrCode {
  readonly text = input.required<string>();
  readonly label = input.required<string>();
  readonly testId = input('qr-code');
  readonly code = computed(() => qrPath(this.text()));
}
