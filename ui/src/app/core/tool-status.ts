import { Injectable, inject, signal } from '@angular/core';
import type { ToolsResponse } from '@vidkeep/contracts';
import { Api } from './api';

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
    const t = await this.api.get<ToolsResponse>('/api/ytdlp/version', refresh ? { refresh: true } : undefined);
    this.tools.set(t);
    return t;
  }
}
