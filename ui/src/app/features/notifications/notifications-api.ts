import { Injectable, inject } from '@angular/core';
import { Api, type RouteInput } from '../../core/api';

/**
 * The notification routes, typed from the server's schemas (`@vidkeep/contracts/routes`). Like
 * every `<feature>-api.ts`, it is the only place their paths are written.
 */
@Injectable({ providedIn: 'root' })
export class NotificationsApi {
  private readonly api = inject(Api);

  /** Switches sending on or off (the `notificationsEnabled` key of the configuration). */
  setEnabled(notificationsEnabled: boolean) {
    return this.api.call('PATCH /api/config', { body: { notificationsEnabled } });
  }

  /** The Apprise targets (masked URLs), whether apprise is installed, and the switch. */
  targets() {
    return this.api.call('GET /api/notifications/targets');
  }

  addTarget(body: RouteInput<'POST /api/notifications/targets'>['body']) {
    return this.api.call('POST /api/notifications/targets', { body });
  }

  /** Sends a test to a target that is not saved. */
  testUnsaved(body: RouteInput<'POST /api/notifications/test-single'>['body']) {
    return this.api.call('POST /api/notifications/test-single', { body });
  }

  testTarget(targetId: string) {
    return this.api.call('POST /api/notifications/targets/:targetId/test', { params: { targetId } });
  }

  updateTarget(targetId: string, body: RouteInput<'PATCH /api/notifications/targets/:targetId'>['body']) {
    return this.api.call('PATCH /api/notifications/targets/:targetId', { params: { targetId }, body });
  }

  removeTarget(targetId: string) {
    return this.api.call('DELETE /api/notifications/targets/:targetId', { params: { targetId } });
  }

  webhooks() {
    return this.api.call('GET /api/notifications/webhooks');
  }

  addWebhook(body: RouteInput<'POST /api/notifications/webhooks'>['body']) {
    return this.api.call('POST /api/notifications/webhooks', { body });
  }

  /** Sends a test delivery now; answers the delivery. */
  testWebhook(id: number) {
    return this.api.call('POST /api/notifications/webhooks/:id/test', { params: { id } });
  }

  updateWebhook(id: number, body: RouteInput<'PATCH /api/notifications/webhooks/:id'>['body']) {
    return this.api.call('PATCH /api/notifications/webhooks/:id', { params: { id }, body });
  }

  removeWebhook(id: number) {
    return this.api.call('DELETE /api/notifications/webhooks/:id', { params: { id } });
  }

  /** A webhook's latest deliveries (the server's first page). */
  deliveries(id: number) {
    return this.api.call('GET /api/notifications/webhooks/:id/deliveries', { params: { id }, query: {} });
  }
}
