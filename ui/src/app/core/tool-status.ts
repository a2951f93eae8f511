import { Injectable, inject, signal } from '@angular/core';
import type { ToolsResponse } from '@vidkeep/contracts';
import { Api, type RouteInput } from './api';

/**
 * What the server knows of yt-dlp, ffmpeg and ffprobe (`GET /api/ytdlp/version`), shared by the
 * banner on every page and the downloader tools in Settings: after an update or a rollback there
 * the banner shows the new state at once, without a reload.
 */
@Injectable({ providedIn: 'root' })
export class ToolStatus {
  private readonly api = inject(Api);
  readonly tools = signal<ToolsResponse | null>(null);

  /** Loads the tools; `refresh` has the server run them again (and ask pip for the newest yt-dlp). */
  async load(refresh = false): Promise<ToolsResponse> {
    // No `refresh` unless asked (the server defaults it); the map types the query after defaults.
    const input = (refresh ? { query: { refresh: true } } : {}) as RouteInput<'GET /api/ytdlp/version'>;
    const t = await this.api.call('GET /api/ytdlp/version', input);
    this.tools.set(t);
    return t;
  }
}
