import type {
  AlreadyDownloaded,
  AuthContext,
  DownloadRequest,
  DownloadResponse,
  EnqueueResult,
  LibraryService,
  RejectedLine,
} from '@vidkeep/contracts';
import { videoUrl } from '@vidkeep/platform';
import { parseDownloadRequest } from './download-request.js';
import type { JobStore } from './job-store.js';
import type { MetadataService, VideoMetadata } from './metadata.js';
import type { DownloadQueue } from './queue.js';

export interface ManualDownloadDeps {
  queue: DownloadQueue;
  store: JobStore;
  metadata: MetadataService;
  library: Pick<LibraryService, 'records' | 'fileStatus'>;
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

/** `1080p` for a `1920x1080` file; null when unknown or audio only. */
function tier(resolution: string | null): string | null {
  const m = /^(\d+)x(\d+)$/.exec(resolution ?? '');
  return m && m[2] !== '0' ? `${Math.min(Number(m[1]), Number(m[2]))}p` : null;
}

/** "already downloaded (1080p, 2026-11-20)" */
export function alreadyDownloadedText(a: AlreadyDownloaded): string {
  const details = [tier(a.video_resolution), a.downloadedAt.slice(0, 10)].filter(Boolean).join(', ');
  return `already downloaded (${details})`;
}

function summary(
  list: Preview[],
  result: EnqueueResult,
  already: AlreadyDownloaded[],
  rejected: RejectedLine[],
  forApi: boolean,
): string {
  const queued = result.acceptedIds.length;
  // The web UI offers "Download again" beside the answer; a script is told the field to send.
  const again = forApi ? ' (send allowRedownload to download it again)' : '';
  if (list.length === 1 && already.length === 0 && rejected.length === 0) {
    const name = `"${list[0]!.title}"`;
    return queued === 1
      ? `Queued ${name} for download`
      : `${name} is already queued or downloading; it was not queued again`;
  }
  if (list.length === 0 && already.length === 1 && rejected.length === 0) {
    return `"${already[0]!.title}" is ${alreadyDownloadedText(already[0]!)}; it was not downloaded again${again}`;
  }
  const parts = [
    `Queued ${queued} of ${list.length + already.length + rejected.length} ${rejected.length ? 'lines' : 'videos'}`,
  ];
  const active = result.alreadyActiveIds.length;
  if (active) parts.push(`${active} already queued or downloading`);
  if (already.length) parts.push(`${already.length} already downloaded${again.replace(' it ', ' them ')}`);
  if (rejected.length) parts.push(`${rejected.length} not a video URL`);
  return parts.join('; ');
}

const NOTHING_QUEUED: EnqueueResult = { job: null, acceptedIds: [], alreadyActiveIds: [] };

/** Downloads a user asks for by URL (the web UI, the bookmarklet, API keys). */
export class ManualDownloads {
  constructor(private readonly deps: ManualDownloadDeps) {}

  /** Queues the request's videos and answers with what was queued and what each video is. */
  async request(body: DownloadRequest, auth: AuthContext): Promise<DownloadResponse> {
    const { sourceIds: asked, options, requestedBy, rejected } = parseDownloadRequest(body, auth);
    // A video whose file is in the library is not fetched again unless asked to: a silent
    // re-download could replace a better file (issue 16).
    const already = body.allowRedownload ? [] : await this.inLibrary([...new Set(asked)]);
    const skipped = new Set(already.map((a) => a.sourceId));
    const sourceIds = asked.filter((id) => !skipped.has(id));
    const result =
      sourceIds.length === 0
        ? NOTHING_QUEUED
        : await this.deps.queue.enqueue({
            sourceIds,
            type: 'manual',
            label:
              sourceIds.length === 1
                ? `Manual download: ${sourceIds[0]}`
                : `Manual download: ${sourceIds.length} videos`,
            options,
            requestedBy,
          });
    const unique = [...new Set(sourceIds)];
    const jobId = result.job?.id ?? null;
    const metas = unique.length
      ? await this.metadataOf(unique, result, jobId)
      : new Map<string, VideoMetadata | null>();
    if (jobId) await this.fillJob(jobId, result.acceptedIds, metas);
    const list = unique.map((id) => preview(id, metas.get(id)));
    const first =
      list[0] ??
      preview(already[0]!.sourceId, { title: already[0]!.title, duration: null, thumbnail: null, channelId: null });
    const { sourceId: _id, ...video } = first;
    return {
      success: true,
      message: summary(list, result, already, rejected, auth.kind === 'apiKey'),
      video,
      videos: list,
      queued: result.acceptedIds.length,
      acceptedIds: result.acceptedIds,
      alreadyActiveIds: result.alreadyActiveIds,
      jobId,
      rejected,
      alreadyDownloaded: already,
    };
  }

  /** The asked videos whose file is in the library now (a removed or missing file does not count). */
  private async inLibrary(sourceIds: string[]): Promise<AlreadyDownloaded[]> {
    const rows = await this.deps.library.records(sourceIds);
    const present = await Promise.all(
      rows.map(async (r) => ((await this.deps.library.fileStatus(r)) === 'downloaded' ? r : null)),
    );
    const byId = new Map(present.filter((r) => r !== null).map((r) => [r.sourceId, r]));
    return sourceIds
      .filter((id) => byId.has(id))
      .map((id) => {
        const r = byId.get(id)!;
        return {
          sourceId: r.sourceId,
          title: r.title,
          video_resolution: r.videoResolution,
          downloadedAt: r.downloadedAt.toISOString(),
        };
      });
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
