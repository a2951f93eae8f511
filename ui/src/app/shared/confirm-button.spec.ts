import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { ConfirmButton } from './confirm-button';

@Component({
  imports: [ConfirmButton],
  template: `
    <app-confirm-button
      text="Delete"
      label="Confirm deleting Clip"
      question="Delete Clip?"
      confirmText="Delete"
      busyText="Deleting…"
      [busy]="busy()"
      testId="clip-delete"
      (confirmed)="confirmed = confirmed + 1"
    />
  `,
})
class Host {
  readonly busy = signal(false);
  confirmed = 0;
}

const byTestId = (root: HTMLElement, id: string) => root.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);

describe('ConfirmButton', () => {
  it('asks before it acts, can be taken back, and turns back into the button once the action ran', async () => {
    const fixture = TestBed.createComponent(Host);
    const root = fixture.nativeElement as HTMLElement;
    await fixture.whenStable();
    expect(byTestId(root, 'clip-delete')?.textContent?.trim()).toBe('Delete');
    expect(byTestId(root, 'clip-delete-confirm')).toBeNull();

    byTestId(root, 'clip-delete')!.click();
    await fixture.whenStable();
    expect(root.textContent).toContain('Delete Clip?');
    byTestId(root, 'clip-delete-cancel')!.click();
    await fixture.whenStable();
    expect(byTestId(root, 'clip-delete-confirm')).toBeNull();
    expect(fixture.componentInstance.confirmed).toBe(0);

    byTestId(root, 'clip-delete')!.click();
    await fixture.whenStable();
    byTestId(root, 'clip-delete-confirm')!.click();
    expect(fixture.componentInstance.confirmed).toBe(1);
    fixture.componentInstance.busy.set(true);
    await fixture.whenStable();
    expect(byTestId(root, 'clip-delete-confirm')?.textContent?.trim()).toBe('Deleting…');
    fixture.componentInstance.busy.set(false);
    await fixture.whenStable();
    expect(byTestId(root, 'clip-delete-confirm')).toBeNull();
    expect(byTestId(root, 'clip-delete')?.textContent?.trim()).toBe('Delete');
  });
});
