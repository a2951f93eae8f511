/** Types of tests/setup-ytdlp.mjs (a plain Node script, so `.ci/run` and npm scripts run it without a build). */
export function pinnedYtDlpVersion(): string;
export function currentYtDlpBin(version?: string): string;
export const FLOOR_YTDLP: string;
export function ensureCurrentYtDlp(): string;
