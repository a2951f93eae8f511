import type { AudioFormat, Resolution } from '@vidkeep/contracts';

/** The resolutions the server accepts (`RESOLUTIONS` of the contracts), with their labels. */
export const RESOLUTION_CHOICES: readonly { value: Resolution; label: string }[] = [
  { value: '360', label: '360p' },
  { value: '480', label: '480p' },
  { value: '720', label: '720p' },
  { value: '1080', label: '1080p' },
  { value: '1440', label: '1440p' },
  { value: '2160', label: '4K (2160p)' },
];

export const isResolution = (value: unknown): value is Resolution => RESOLUTION_CHOICES.some((r) => r.value === value);

/** The audio options (`''`: video only, sent as null). */
export const AUDIO_CHOICES: readonly { value: AudioFormat | ''; label: string }[] = [
  { value: '', label: 'No MP3 (the video only)' },
  { value: 'video_mp3', label: 'Video and an MP3' },
  { value: 'mp3_only', label: 'MP3 only' },
];
