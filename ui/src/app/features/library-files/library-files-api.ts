import { Injectable, inject } from '@angular/core';
import type { LibraryImportRequest } from '@vidkeep/contracts';
import { Api } from '../../core/api';

/**
 * The routes of Settings, Files on disk, typed from the server's schemas
 * (`@vidkeep/contracts/routes`). Like every `<feature>-api.ts`, it is the only place their paths
 * are written.
 */
@Injectable({ providedIn: 'root' })
export class LibraryFilesApi {
  private readonly api = inject(Api);

  /** The configuration, for the output directory the import card names. */
  config() {
    return this.api.call('GET /getconfig');
  }

  rescanStatus() {
    return this.api.call('GET /api/maintenance/rescan-status');
  }

  startRescan() {
    return this.api.call('POST /api/maintenance/rescan-files');
  }

  startImport(body: LibraryImportRequest) {
    return this.api.call('POST /api/maintenance/import', { body });
  }

  previewImport(body: LibraryImportRequest) {
    return this.api.call('POST /api/maintenance/import/preview', { body });
  }

  subfolders() {
    return this.api.call('GET /api/subfolders');
  }

  addSubfolder(name: string) {
    return this.api.call('POST /api/subfolders', { body: { name } });
  }

  removeSubfolder(name: string) {
    return this.api.call('DELETE /api/subfolders/:name', { params: { name } });
  }
}
