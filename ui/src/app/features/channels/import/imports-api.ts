import { Injectable, inject } from '@angular/core';
import { Api, type RouteInput, type RouteResponse } from '../../../core/api';

export type ImportSourceKind = 'takeout' | 'cookies';

/**
 * The subscription import routes, typed from the server's schemas (`@vidkeep/contracts/routes`):
 * the only place their paths are written.
 */
@Injectable({ providedIn: 'root' })
export class ImportsApi {
  private readonly api = inject(Api);

  /**
   * The running import; null when none runs. The route map types only the 200 answer: the
   * server's 204 (no import runs) arrives as a null body.
   */
  active(): Promise<RouteResponse<'GET /api/subscriptions/imports/active'> | null> {
    return this.api.call('GET /api/subscriptions/imports/active');
  }

  /** The imports, newest first. */
  list() {
    return this.api.call('GET /api/subscriptions/imports');
  }

  /** An import with its result per channel. */
  detail(jobId: string) {
    return this.api.call('GET /api/subscriptions/imports/:jobId', { params: { jobId } });
  }

  /** The channels of an uploaded file (the account export's CSV or a browser's cookies). */
  preview(kind: ImportSourceKind, file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    // The route map types the multipart body as its parsed field; the browser sends the FormData.
    const body = form as unknown as RouteInput<'POST /api/subscriptions/preview/takeout'>['body'];
    return kind === 'takeout'
      ? this.api.call('POST /api/subscriptions/preview/takeout', { body })
      : this.api.call('POST /api/subscriptions/preview/cookies', { body });
  }

  start(body: RouteInput<'POST /api/subscriptions/imports'>['body']) {
    return this.api.call('POST /api/subscriptions/imports', { body });
  }

  cancel(jobId: string) {
    return this.api.call('POST /api/subscriptions/imports/:jobId/cancel', { params: { jobId } });
  }
}
