import type { VideoListQuery } from './api-types';

export type SortField = VideoListQuery['sortBy'];
export type SortOrder = VideoListQuery['sortOrder'];

/** `VIDEO_SORT_FIELDS` of the contracts, with words for each direction. */
export const SORT_CHOICES: readonly { value: SortField; label: string; desc: string; asc: string }[] = [
  { value: 'downloadedAt', label: 'Date downloaded', desc: 'Newest first', asc: 'Oldest first' },
  { value: 'uploadDate', label: 'Date published', desc: 'Newest first', asc: 'Oldest first' },
  { value: 'title', label: 'Title', desc: 'Z to A', asc: 'A to Z' },
  { value: 'channelName', label: 'Channel', desc: 'Z to A', asc: 'A to Z' },
  { value: 'duration', label: 'Length', desc: 'Longest first', asc: 'Shortest first' },
  { value: 'fileSize', label: 'File size', desc: 'Largest first', asc: 'Smallest first' },
];

/**
 * A media URL for `<img>` and `<video>`, which cannot send the `x-access-token` header: the
 * session token goes into the query (`?token=`), with any other parameters.
 */
export function mediaUrl(path: string, token: string | null, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  if (token) query.set('token', token);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
