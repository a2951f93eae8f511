import type { LiveHub, VideoActivity } from '@vidkeep/contracts';

type ActivityState = 'queued' | 'downloading';

/**
 * The video activity snapshot of spec 2.15: which videos are queued or downloading, with a
 * revision that grows on every change. Every change is announced as `videoActivityUpdated`.
 */
export class ActivityTracker {
  private readonly videos = new Map<string, { jobId: string; state: ActivityState }>();
  private revision = 0;

  constructor(private readonly hub: LiveHub | undefined) {}

  get instanceId(): string {
    return this.hub?.instanceId ?? 'no-live-hub';
  }

  snapshot(): VideoActivity {
    return { instanceId: this.instanceId, revision: this.revision, videos: Object.fromEntries(this.videos) };
  }

  entries(): ReadonlyMap<string, { jobId: string; state: ActivityState }> {
    return this.videos;
  }

  get(sourceId: string): { jobId: string; state: ActivityState } | undefined {
    return this.videos.get(sourceId);
  }

  set(sourceId: string, jobId: string, state: ActivityState): void {
    const current = this.videos.get(sourceId);
    if (current && current.jobId === jobId && current.state === state) return;
    this.videos.set(sourceId, { jobId, state });
    this.changed();
  }

  setMany(sourceIds: string[], jobId: string, state: ActivityState): void {
    for (const id of sourceIds) this.videos.set(id, { jobId, state });
    if (sourceIds.length) this.changed();
  }

  remove(sourceId: string, jobId: string): void {
    if (this.videos.get(sourceId)?.jobId !== jobId) return;
    this.videos.delete(sourceId);
    this.changed();
  }

  removeJob(jobId: string): void {
    let changed = false;
    for (const [id, v] of this.videos) {
      if (v.jobId === jobId) {
        this.videos.delete(id);
        changed = true;
      }
    }
    if (changed) this.changed();
  }

  private changed(): void {
    this.revision += 1;
    this.hub?.broadcast(
      { type: 'videoActivityUpdated', instanceId: this.instanceId, revision: this.revision },
      { coalesceKey: 'videoActivityUpdated' },
    );
  }
}
