import { Component, inject, signal, ChangeDetectionStrategy } from '@angular/core';
import { RouterLink } from '@angular/router';
import { ImportCard } from './import-card';
import { LibraryFilesApi } from './library-files-api';
import { RescanCard } from './rescan-card';
import { ScanState } from './scan-state';
import { SubfoldersCard } from './subfolders-card';

/**
 * Settings, Files on disk: the filesystem rescan, the library import of a folder and the
 * subfolder registry (docs/library.md). The rescan and import share one `ScanState`: one of
 * them runs at a time, and each card shows the other's run as the reason to wait.
 */
@Component({
  selector: 'app-files-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink, RescanCard, ImportCard, SubfoldersCard],
  template: `
    <nav class="back"><a routerLink="/settings">← Settings</a></nav>
    <h1>Files on disk</h1>
    <p class="muted intro">
      What the library knows against what is in the output directory: find files deleted or moved by hand, add videos
      another tool downloaded, and keep the subfolders tidy.
    </p>
    @if (state.loadError(); as e) {
      <p class="error" role="alert" data-testid="files-load-error">{{ e }}</p>
    }
    <app-rescan-card [state]="state" />
    <app-import-card [state]="state" [outputDir]="outputDir()" />
    <app-subfolders-card />
  `,
  styleUrls: ['../../shared/page-column.css', './files-page.css'],
})
export class FilesPage {
  private readonly api = inject(LibraryFilesApi);
  readonly state = new ScanState();
  readonly outputDir = signal<string | null>(null);

  constructor() {
    void this.state.load();
    void this.api.config().then(
      (view) => this.outputDir.set(view.sourceOutputDirectory),
      () => undefined,
    );
  }
}
