import type { AuthContext, DownloadRequest, DownloadResponse, EnqueueResult } from '@vidkeep/contracts';
import { videoUrl } from '../url.js';
import { parseDownloadRequest } from './download-request.js';
import type { JobStore } from './job-store.js';
import type { MetadataService, VideoMetadata } from './metadata.js';
import type { DownloadQueue } from './queue.js';

export interface ManualDownloadDeps {
  queue: DownloadQueue;
  store: JobStore;
  metadata: MetadataService;
}

type Preview = DownloadResponse['videos'][number];

/**
 * How long a request waits for its job to start when the job is next in line, rather than run a
 * metadata lookup beside the running download. About what a lookup takes on the real platform.
 */
const NEXT_IN_LINE_WAIT_MS = 5000;
/** How long it waits for a job that may start at once (an idle queue). */
const IDLE_START_WAIT_MS = 250;

/** What the response shows of a video: what is known, else its id and the platform's poster URL. */
const preview = (sourceId: string, m: VideoMetadata | null | undefined): Preview => ({
  sourceId,
  title: m?.title ?? sourceId,
  thumbnail: m?.thumbnail ?? `https://i.ytimg.com/vi/${sourceId}/hqdefault.jpg`,
  duration: m?.duration ?? 0,
});

function summary(list: Preview[], result: EnqueueResult): string {
  const queued = result.acceptedIds.length;
  if (list.length > 1) {
    const active = result.alreadyActiveIds.length;
    return `Queued ${queued} of ${list.length} videos${active ? `; ${active} already queued or downloading` : ''}`;
  }
  const name = `"${list[0]!.title}"`;
  return queued === 1
    ? `Queued ${name} for download`
    : `${name} is already queued or downloading; it was not queued again`;
}

/** Downloads a user asks for by URL (the web UI, the bookmarklet, API keys). */
export class ManualDownloads {
  constructor(private readonly deps: ManualDownloadDeps) {}

  /** Queues the request's videos and answers with what was queued and what each video is. */
  async request(body: DownloadRequest, auth: AuthContext): Promise<DownloadResponse> {
    const { sourceIds, options, requestedBy } = parseDownloadRequest(body, auth);
    const result = await this.deps.queue.enqueue({
      sourceIds,
      type: 'manual',
      label:
        sourceIds.length === 1 ? `Manual download: ${sourceIds[0]}` : `Manual download: ${sourceIds.length} videos`,
      options,
      requestedBy,
    });
    const unique = [...new Set(sourceIds)];
    const jobId = result.job?.id ?? null;
    const metas = await this.metadataOf(unique, result, jobId);
    if (jobId) await this.fillJob(jobId, result.acceptedIds, metas);
    const list = unique.map((id) => preview(id, metas.get(id)));
    const { sourceId: _id, ...video } = list[0]!;
    return {
      success: true,
      message: summary(list, result),
      video,
      videos: list,
      queued: result.acceptedIds.length,
      acceptedIds: result.acceptedIds,
      alreadyActiveIds: result.alreadyActiveIds,
      jobId,
    };
  }

  /**
   * One lookup, for the first video; the other videos of a batch get their titles from the
   * download itself (yt-dlp writes each info.json before downloading), so a batch neither waits
   * for N lookups nor asks the platform about every video twice.
   */
  private async metadataOf(
    unique: string[],
    result: EnqueueResult,
    jobId: string | null,
  ): Promise<Map<string, VideoMetadata | null>> {
    const { queue, metadata } = this.deps;
    const metas = new Map<string, VideoMetadata | null>();
    for (const id of unique.slice(1)) metas.set(id, metadata.peek(id));
    const first = unique[0]!;
    // When the new job starts right away, or is next in line behind a download about to end, its
    // yt-dlp reports the info within moments: wait for that rather than run a second yt-dlp that
    // asks the platform the same thing (and competes with the running download for the CPU).
    const fromDownload =
      jobId !== null &&
      result.acceptedIds.includes(first) &&
      !metadata.peek(first) &&
      (await queue.startedWithin(
        jobId,
        (await queue.startsSoon(jobId, NEXT_IN_LINE_WAIT_MS)) ? NEXT_IN_LINE_WAIT_MS : IDLE_START_WAIT_MS,
      ));
    metas.set(first, fromDownload ? await metadata.fromDownload(first) : await metadata.lookup(first, videoUrl(first)));
    return metas;
  }

  /** Shows what was learned in the queue at once (and names a one-video job after its title). */
  private async fillJob(jobId: string, acceptedIds: string[], metas: Map<string, VideoMetadata | null>): Promise<void> {
    const { store } = this.deps;
    for (const id of acceptedIds) {
      const m = metas.get(id);
      if (m)
        await store.updateVideo(jobId, id, {
          title: m.title.slice(0, 500),
          duration: m.duration,
          thumbnail: m.thumbnail,
        });
    }
    const firstMeta = metas.get(acceptedIds[0]!);
    if (acceptedIds.length === 1 && firstMeta)
      await store.update(jobId, { label: `Manual download: ${firstMeta.title}`.slice(0, 300) });
  }
}
