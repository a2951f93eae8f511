import { ChangeDetectionStrategy, Component, ElementRef, computed, input, signal, viewChild } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { copyText } from '../clipboard';
import { ConfirmButton } from '../confirm-button';
import { Outcome } from '../outcome';
import type { Feed } from './feeds-api';
import { QrCode } from './qr-code';
import { episodesText, formatLabel, lastFetchedText, type FeedList } from './feed-list';

/**
 * One podcast feed: its private address to copy or scan, what it lists, when an app last read
 * it, and Revoke behind a confirmation. With `showTitle` (Settings) it names its channel or
 * playlist too. Test ids end in `-<feed id>`.
 */
@Component({
  selector: 'app-feed-item',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, MatFormFieldModule, MatInputModule, ConfirmButton, Outcome, QrCode],
  templateUrl: './feed-item.html',
  styleUrls: ['../badges.css', './feed-item.css'],
})
export class FeedItem {
  readonly feed = input.required<Feed>();
  readonly list = input.required<FeedList>();
  readonly showTitle = input(false);

  readonly name = computed(() => {
    const f = this.feed();
    return `${formatLabel(f.format)} feed${this.showTitle() ? ` of ${f.title}` : ''}`;
  });
  readonly episodes = computed(() => episodesText(this.feed()));
  readonly fetched = computed(() => lastFetchedText(this.feed()));
  readonly showQr = signal(false);
  /** What the last Copy did, said to screen readers too. */
  readonly copyState = signal<string | null>(null);
  private readonly address = viewChild.required<ElementRef<HTMLInputElement>>('address');

  async copy(): Promise<void> {
    const result = await copyText(this.feed().url, null);
    if (result === 'copied') {
      this.copyState.set('Copied');
      return;
    }
    // Refused (not a secure page, no permission): select the address for Ctrl+C instead.
    const field = this.address().nativeElement;
    field.focus();
    field.select();
    this.copyState.set('Copying was not allowed here: the address is selected, press Ctrl+C (⌘C) to copy it.');
  }

  async revoke(): Promise<void> {
    await this.list().revoke(this.feed());
  }
}
