import { rmdir } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  ConflictError,
  DownloaderErrorCodes as E,
  UnavailableError,
  type ChannelFolderMove,
  type ChannelFolderMoveResult,
  type EventBus,
  type PluginLogger,
  type VideosMovedPayload,
} from '@vidkeep/contracts';
import { channelDirOf, subfolderBase, exists, safeJoin, POSTER_FILE } from '@vidkeep/library-files';
import { MoveConflict, planFolderMove, remapPath, type FolderMove } from './folder-move.js';
import type { PlacedVideo, VideoStore } from '../catalogue/video-store.js';

export interface ChannelMoveDeps {
  videos: Pick<VideoStore, 'placed' | 'relocate'>;
  outputDir: string;
  /** True while a download of the channel is queued or running. */
  busy: (channelId: string) => Promise<boolean>;
  /** Runs `work` while nothing can be queued (the queue's own lock). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  events: Pick<EventBus, 'publish'>;
  logger: PluginLogger;
}

const norm = (s: string | null | undefined): string | null => {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
};

/**
 * Moves a channel's folder when its subfolder setting changes (reference 1.4): the downloader
 * owns the library's files and records, so it moves both, all or nothing, and tells the plugins
 * that publish paths (`downloader.videos.moved`).
 */
export class ChannelFolderMover {
  constructor(private readonly deps: ChannelMoveDeps) {}

  move(request: ChannelFolderMove): Promise<ChannelFolderMoveResult> {
    // Under the queue's lock: nothing of the channel is queued between the check and the move.
    return this.deps.exclusive(() => this.moveNow(request));
  }

  private async moveNow(request: ChannelFolderMove): Promise<ChannelFolderMoveResult> {
    const { channelId } = request;
    const from = norm(request.from);
    const to = norm(request.to);
    if (from === to) return { folders: [], videos: 0 };
    if (await this.deps.busy(channelId))
      throw new ConflictError(
        E.channelBusy,
        'The subfolder cannot change while a download of this channel is queued or running: its files would be split between two folders. Try again when the downloads have finished.',
      );
    const { outputDir } = this.deps;
    const rows = (await this.deps.videos.placed(channelId)).filter((r) => norm(r.subfolder) === from);
    const dirs = new Set<string>();
    for (const r of rows)
      for (const p of [r.filePath, r.audioFilePath]) {
        const dir = p ? channelDirOf(outputDir, p, from) : null;
        if (dir) dirs.add(dir);
      }

    const moves: FolderMove[] = [];
    try {
      for (const dir of dirs) {
        if (!(await exists(dir))) continue;
        const name = basename(dir);
        const target = safeJoin(subfolderBase(outputDir, to), name);
        moves.push(await planFolderMove(dir, target, new Set([POSTER_FILE, `${name}.m3u`])));
      }
    } catch (err) {
      if (err instanceof MoveConflict)
        throw new ConflictError(
          E.moveConflict,
          `The channel's folder cannot move: ${err.message}. Move or rename those files first; nothing was changed.`,
        );
      throw this.failed(err);
    }

    const done: FolderMove[] = [];
    const moved: (PlacedVideo & { previousFilePath: string | null; previousAudioFilePath: string | null })[] = [];
    try {
      for (const m of moves) {
        await m.run();
        done.push(m);
      }
      for (const r of rows) {
        const m = moves.find((x) => [r.filePath, r.audioFilePath].some((p) => p && remapPath(p, x.from, x.to) !== p));
        if (!m) continue;
        moved.push({
          ...r,
          filePath: remapPath(r.filePath, m.from, m.to),
          audioFilePath: remapPath(r.audioFilePath, m.from, m.to),
          subfolder: to,
          previousFilePath: r.filePath,
          previousAudioFilePath: r.audioFilePath,
        });
      }
      await this.deps.videos.relocate(moved);
    } catch (err) {
      for (const m of done.reverse()) {
        await m
          .undo()
          .catch((undoErr: unknown) =>
            this.deps.logger.error(
              { err: undoErr, from: m.from, to: m.to },
              'Putting a channel folder back after a failed move failed',
            ),
          );
      }
      throw this.failed(err);
    }
    for (const m of moves)
      await m
        .commit()
        .catch((err: unknown) =>
          this.deps.logger.warn(
            { from: m.from, err: (err as Error).message },
            'The old channel folder could not be removed after the move',
          ),
        );
    // An emptied `__<subfolder>` goes too (only if empty: another channel may live there).
    if (from) await rmdir(subfolderBase(outputDir, from)).catch(() => undefined);

    const folders = moves.map((m) => ({ from: m.from, to: m.to }));
    const payload: VideosMovedPayload = {
      channelId,
      fromSubfolder: from,
      toSubfolder: to,
      folders,
      videos: moved.map((m) => ({
        videoId: m.id,
        sourceId: m.sourceId,
        filePath: m.filePath,
        audioFilePath: m.audioFilePath,
        previousFilePath: m.previousFilePath,
        previousAudioFilePath: m.previousAudioFilePath,
      })),
    };
    if (folders.length > 0) this.deps.events.publish('downloader.videos.moved', payload);
    this.deps.logger.info({ channelId, from, to, folders, videos: moved.length }, 'Moved a channel folder');
    return { folders, videos: moved.length };
  }

  private failed(err: unknown): UnavailableError {
    const e = err as NodeJS.ErrnoException;
    this.deps.logger.warn({ err: e.message, code: e.code }, 'Moving a channel folder failed; nothing was changed');
    return new UnavailableError(
      E.moveFailed,
      `Moving the channel's folder failed (${e.code ?? e.message}); everything was put back as it was. Check that the output folder is writable and has free space.`,
    );
  }
}
