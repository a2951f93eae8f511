import { ChangeDetectionStrategy, Component, ElementRef, input, linkedSignal, output, viewChild } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import type { SafeUrl } from '@angular/platform-browser';
import { copyText } from '../../shared/clipboard';

/** A key just created, with what is built from it; the only moment the full key exists in the UI. */
export interface CreatedKey {
  id: number;
  name: string;
  key: string;
  bookmarklet: SafeUrl;
  bookmarkletText: string;
  curl: string;
}

/** The new key shown once: copy it, the bookmarklet and a curl command, then "Done". */
@Component({
  selector: 'app-api-key-created',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule],
  template: `
    @let c = created();
    <section class="created" data-testid="apikey-created" aria-labelledby="apikey-created-title">
      <h3 id="apikey-created-title" tabindex="-1" #title>Key “{{ c.name }}” created: copy it now</h3>
      <p>
        This is the only time the full key is shown. Store it somewhere safe; vidkeep keeps only a fingerprint of it.
      </p>
      <div class="key-row">
        <code class="key" #keyText data-testid="apikey-value">{{ c.key }}</code>
        <button mat-stroked-button type="button" (click)="copy(c.key, keyText)" data-testid="apikey-copy">Copy</button>
      </div>
      <p class="muted small" role="status">{{ copyState() }}</p>

      <h4>Bookmarklet</h4>
      <p class="small">
        Drag this link to your bookmarks bar. Clicking it on a video page sends that page’s address to vidkeep and shows
        the answer.
      </p>
      <a
        class="bookmarklet"
        [href]="c.bookmarklet"
        (click)="$event.preventDefault()"
        data-testid="apikey-bookmarklet"
        aria-label="vidkeep download bookmarklet: drag it to the bookmarks bar"
        >⤓ vidkeep: download</a
      >
      <button
        mat-stroked-button
        type="button"
        class="after-link"
        (click)="copy(c.bookmarkletText, bookmarkletText)"
        data-testid="apikey-copy-bookmarklet"
      >
        Copy bookmarklet
      </button>
      <details>
        <summary>Show the bookmarklet code (to create the bookmark by hand, e.g. on a phone)</summary>
        <pre class="curl" #bookmarkletText data-testid="apikey-bookmarklet-code">{{ c.bookmarkletText }}</pre>
      </details>
      <p class="muted small">
        The browser calls vidkeep from the video site’s page, so vidkeep must be reachable at {{ origin() }} from that
        browser.
      </p>

      <h4>curl</h4>
      <pre class="curl" #curlText data-testid="apikey-curl">{{ c.curl }}</pre>
      <button mat-stroked-button type="button" (click)="copy(c.curl, curlText)" data-testid="apikey-copy-curl">
        Copy command
      </button>

      <div class="done">
        <button mat-flat-button type="button" (click)="dismissed.emit()" data-testid="apikey-dismiss">
          Done: I saved the key
        </button>
      </div>
    </section>
  `,
  styleUrl: './api-key-created.css',
})
export class ApiKeyCreated {
  readonly created = input.required<CreatedKey>();
  /** Where the browser reaches vidkeep, for the bookmarklet's note. */
  readonly origin = input.required<string>();
  readonly dismissed = output();
  private readonly title = viewChild.required<ElementRef<HTMLElement>>('title');
  /** What the last copy did; a new key starts without. */
  readonly copyState = linkedSignal({ source: this.created, computation: () => '' });

  /** Moves the focus to the heading, so that screen readers announce the new key. */
  focus(): void {
    this.title().nativeElement.focus();
  }

  async copy(text: string, el: HTMLElement): Promise<void> {
    const result = await copyText(text, el);
    this.copyState.set(
      result === 'copied'
        ? 'Copied to the clipboard.'
        : result === 'selected'
          ? 'Selected: press Ctrl+C (⌘C) to copy.'
          : 'Copying is not available here: select the text and copy it.',
    );
  }
}
