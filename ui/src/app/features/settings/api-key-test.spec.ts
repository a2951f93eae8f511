import { Component, signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { FormControl, ReactiveFormsModule } from '@angular/forms';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { settle } from '../../../testing/settle';
import { ApiKeyTestButton } from './api-key-test';
import type { TestSourceApiKeyResponse } from './contracts';

@Component({
  imports: [ReactiveFormsModule, ApiKeyTestButton],
  template: `<input [formControl]="control" data-testid="key" />
    <app-api-key-test [control]="control" [stored]="stored()" />`,
})
class Host {
  readonly control = new FormControl('');
  readonly stored = signal(false);
}

const answer = (extra: Partial<TestSourceApiKeyResponse> = {}): TestSourceApiKeyResponse => ({
  ok: true,
  code: null,
  reason: null,
  tested: 'given',
  unitsSpent: 1,
  dailyQuotaUnits: 10000,
  quotaResetsAt: '2026-11-28T08:00:00.000Z',
  storedKeyCoolingDownUntil: null,
  ...extra,
});

describe('ApiKeyTestButton', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<Host>;
  let reply: TestSourceApiKeyResponse;
  const text = (id: string) => dom(fixture).text(`[data-testid="${id}"]`);
  const button = () => dom(fixture).one<HTMLButtonElement>('[data-testid="api-key-test"]')!;

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    reply = answer();
    api.on('POST', '/testSourceApiKey', () => reply);
    fixture = TestBed.createComponent(Host);
    await settle(fixture);
  });
  afterEach(() => vi.useRealTimers());

  it('has nothing to test without a typed or saved key', () => {
    expect(button().disabled).toBe(true);
    expect(dom(fixture).text('app-api-key-test')).toContain('Enter a key to test it before saving.');
  });

  it('tests the typed key, never saving it, and says what the test cost', async () => {
    dom(fixture).type('[data-testid="key"]', 'AIzaTyped');
    await settle(fixture);
    expect(button().textContent?.trim()).toBe('Test this key');
    button().click();
    await settle(fixture);
    expect(api.callsTo('POST', '/testSourceApiKey').map((c) => c.body)).toEqual([{ apiKey: 'AIzaTyped' }]);
    expect(text('api-key-test-result')).toMatch(/^✓ The key works\. The test used 1 of the 10,000 daily quota units/);
    expect(text('api-key-test-result')).toContain('It is not saved yet');
  });

  it('tests the saved key when the field is empty, and explains a refusal with its code', async () => {
    fixture.componentInstance.stored.set(true);
    reply = answer({
      ok: false,
      code: 'QUOTA_EXCEEDED',
      reason: 'The key works, but its project has used up today’s quota.',
      tested: 'stored',
      unitsSpent: 0,
      storedKeyCoolingDownUntil: '2026-11-28T08:00:00.000Z',
    });
    await settle(fixture);
    expect(button().textContent?.trim()).toBe('Test the saved key');
    button().click();
    await settle(fixture);
    expect(api.callsTo('POST', '/testSourceApiKey').map((c) => c.body)).toEqual([{}]);
    expect(text('api-key-test-code')).toBe('QUOTA_EXCEEDED');
    expect(text('api-key-test-result')).toContain('used up today’s quota');
    expect(text('api-key-test-resting')).toContain('vidkeep uses yt-dlp instead until');
  });
});
