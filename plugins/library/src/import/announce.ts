import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ImportedRecord } from '../rescan/library-file-store.js';
import type { ScanRun } from '../scans/file-scans.js';
import type { ImportDeps, Saved } from './import-types.js';

/**
 * What an import's saved videos imply beyond their records, announced batch by batch (so a kill
 * mid-run loses nothing): the download archive's lines, hidden channels, the subfolder registry,
 * and one `downloader.video.downloaded` event each.
 */
export class ImportAnnouncer {
  constructor(
    private readonly deps: Pick<ImportDeps, 'archiveFile' | 'registerSubfolders' | 'events' | 'channels' | 'outputDir'>,
  ) {}

  /**
   * The lines of the download archive as it is now, and what the first append must start with: a
   * newline when the file does not end with one (every later append, ours or a download's, ends
   * with one, so the file is read once per run).
   */
  async readArchive(): Promise<{ archive: Set<string>; lead: string }> {
    const current = await readFile(this.deps.archiveFile, 'utf8').catch(() => '');
    const lead = current.length > 0 && !current.endsWith('\n') ? '\n' : '';
    return { archive: new Set(current.split('\n').map((l) => l.trim())), lead };
  }

  /**
   * What a finished video implies, for a batch of saved records: `youtube <id>` lines for ids the
   * archive does not hold yet (one append), unknown channels as hidden channels, the subfolders,
   * and one `downloader.video.downloaded` event each.
   */
  async announce(
    batch: Saved[],
    seen: { archive: Set<string>; lead: string; subfolders: Set<string> },
    run: ScanRun,
    jobId: string,
    downloadedAt: string,
  ): Promise<void> {
    if (batch.length === 0) return;
    const { deps } = this;
    const lines = [...new Set(batch.map((s) => `youtube ${s.record.sourceId}`))].filter((l) => !seen.archive.has(l));
    if (lines.length > 0) {
      try {
        await mkdir(dirname(deps.archiveFile), { recursive: true });
        await appendFile(deps.archiveFile, `${seen.lead}${lines.join('\n')}\n`);
        seen.lead = '';
        for (const l of lines) seen.archive.add(l);
      } catch (err) {
        run.problem(deps.archiveFile, `The download archive could not be updated: ${(err as Error).message}`);
      }
    }
    await this.ensureChannels(
      batch.map((s) => s.record),
      run,
    );
    const subfolders = [...new Set(batch.map((s) => s.record.subfolder))].filter(
      (x): x is string => !!x && !seen.subfolders.has(x),
    );
    if (subfolders.length > 0) {
      await deps.registerSubfolders(subfolders);
      for (const f of subfolders) seen.subfolders.add(f);
    }
    for (const s of batch) {
      deps.events.publish('downloader.video.downloaded', {
        jobId,
        jobType: 'import',
        videoId: s.videoId,
        sourceId: s.record.sourceId,
        title: s.record.title,
        channelId: s.record.channelId,
        channelName: s.record.channelName,
        filePath: s.record.filePath,
        audioFilePath: s.record.audioFilePath,
        subfolder: s.record.subfolder,
        publishedAt: s.planned.fields.publishedAt,
        mediaType: s.record.mediaType,
        downloadedAt,
      });
    }
  }

  /** Unknown channels of imported videos become hidden channels, seeded with the subfolder their files are in. */
  private async ensureChannels(records: ImportedRecord[], run: ScanRun): Promise<void> {
    const directory = this.deps.channels();
    if (!directory) return;
    const byChannel = new Map<string, { name: string | null; subfolders: Set<string | null> }>();
    for (const r of records) {
      if (!r.channelId) continue;
      const c = byChannel.get(r.channelId) ?? { name: r.channelName, subfolders: new Set() };
      c.subfolders.add(r.subfolder);
      byChannel.set(r.channelId, c);
    }
    for (const [channelId, c] of byChannel) {
      const subfolder = c.subfolders.size === 1 ? [...c.subfolders][0]! : null;
      try {
        await directory.ensureChannels([{ channelId, name: c.name }], {
          subfolder,
          videoQuality: null,
          audioFormat: null,
          titleFilterRegex: null,
        });
      } catch (err) {
        run.problem(
          this.deps.outputDir,
          `The channel ${c.name ?? channelId} could not be recorded: ${(err as Error).message}`,
        );
      }
    }
  }
}
