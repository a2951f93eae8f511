import { Injectable, inject } from '@angular/core';
import { Api, type RouteInput } from '../../core/api';

/**
 * The routes the Retention page uses, typed from the server's schemas
 * (`@vidkeep/contracts/routes`). Like every `<feature>-api.ts`, it is the only place their paths
 * are written.
 */
@Injectable({ providedIn: 'root' })
export class RetentionApi {
  private readonly api = inject(Api);

  /** The configuration view (the retention keys are in it while the plugin runs). */
  config() {
    return this.api.call('GET /getconfig');
  }

  /** Saves changed configuration keys; answers the new view. */
  saveConfig(body: RouteInput<'PATCH /api/config'>['body']) {
    return this.api.call('PATCH /api/config', { body });
  }

  /** What a run would remove now with these values, saved or not; nothing is removed. */
  dryRun(body: RouteInput<'POST /api/auto-removal/dry-run'>['body']) {
    return this.api.call('POST /api/auto-removal/dry-run', { body });
  }

  /** Runs automatic removal now with the saved settings, whether or not the nightly run is on. */
  run() {
    return this.api.call('POST /api/auto-removal/run');
  }

  /** The last run, and whether one runs now. */
  status() {
    return this.api.call('GET /api/auto-removal/status');
  }

  /** Whether watch-status sync is on (404 without its plugin). */
  watchStatus() {
    return this.api.call('GET /api/mediaservers/watch-status');
  }

  /** The media servers and whether each is connected. */
  mediaServers() {
    return this.api.call('GET /api/mediaservers/status');
  }
}
