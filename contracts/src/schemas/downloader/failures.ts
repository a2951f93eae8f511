/** Why a download failed: the failure kinds and the plain-language diagnosis shown for them. */
import { Type, type Static } from '../../typebox.js';
import { Nullable } from '../common.js';

/** Why something failed, in plain words, with what the user can do about it. */
export const FAILURE_KINDS = [
  'bot_check',
  'private',
  'members_only',
  'removed',
  'unavailable',
  'geo_blocked',
  'age_restricted',
  'upcoming',
  'http_403',
  'http_429',
  'network',
  'disk_full',
  'output_not_writable',
  'ytdlp_missing',
  'ffmpeg_missing',
  'ytdlp_outdated',
  'timeout',
  'stalled',
  'cancelled',
  'interrupted',
  'postprocess',
  'kept_better_file',
  'unknown',
] as const;
export const FailureKind = Type.Enum(FAILURE_KINDS);
export type FailureKind = Static<typeof FailureKind>;

export const Diagnosis = Type.Object({
  kind: FailureKind,
  cause: Type.String({ description: 'What happened, in plain language' }),
  fix: Type.String({ description: 'What the user can do about it' }),
  sourceId: Nullable(Type.String()),
  detail: Nullable(Type.String({ description: 'The tool output line that led to this diagnosis' })),
});
export type Diagnosis = Static<typeof Diagnosis>;
