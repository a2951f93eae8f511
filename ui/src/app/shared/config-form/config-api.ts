import { Injectable, inject } from '@angular/core';
import { Api, type RouteInput } from '../../core/api';

/** The body of a config save: any of the writable keys. */
export type ConfigPatch = RouteInput<'PATCH /api/config'>['body'];

/** The configuration routes, typed from the server's schemas (`@vidkeep/contracts/routes`). */
@Injectable({ providedIn: 'root' })
export class ConfigApi {
  private readonly api = inject(Api);

  /** Every non-secret key, which secrets are set, and what the environment forces. */
  view() {
    return this.api.call('GET /getconfig');
  }

  /** Saves some keys; the answer is the new view. */
  save(patch: Record<string, unknown>) {
    // The keys come from the server's own description of its config, not from typed code.
    return this.api.call('PATCH /api/config', { body: patch as ConfigPatch });
  }

  /** Every running plugin's keys as the Settings form shows them. */
  schema() {
    return this.api.call('GET /api/config/schema');
  }

  /** What yt-dlp makes of a file-name prefix. */
  filenamePreview(prefix: string) {
    return this.api.call('POST /api/config/filename-preview', { body: { prefix } });
  }
}
