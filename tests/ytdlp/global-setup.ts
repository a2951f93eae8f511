/**
 * Vitest global setup of the integration project: installs the pinned current yt-dlp
 * (tests/ytdlp-version.txt) once, so `npx vitest run <file>` works on a fresh clone too.
 */
import { ensureCurrentYtDlp } from '../setup-ytdlp.mjs';

export default function setup(): void {
  ensureCurrentYtDlp();
}
