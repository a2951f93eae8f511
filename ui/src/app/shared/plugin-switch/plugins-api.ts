import { Injectable, inject } from '@angular/core';
import { Api } from '../../core/api';

/**
 * The plugins routes, typed from the server's schemas (`@vidkeep/contracts/routes`). Like every
 * `<feature>-api.ts`, it is the only place their paths are written.
 */
@Injectable({ providedIn: 'root' })
export class PluginsApi {
  private readonly api = inject(Api);

  list() {
    return this.api.call('GET /api/plugins');
  }

  /** Switches a plugin on or off at run time. */
  setEnabled(id: string, enabled: boolean) {
    return this.api.call('PATCH /api/plugins/:id', { params: { id }, body: { enabled } });
  }
}
