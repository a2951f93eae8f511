import { Component } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { FormControl, ReactiveFormsModule } from '@angular/forms';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { deferred, FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { settle } from '../../../testing/settle';
import { CHECK_DELAY_MS, CustomArgsCheck } from './custom-args-check';

@Component({
  imports: [ReactiveFormsModule, CustomArgsCheck],
  template: `<textarea [formControl]="control" data-testid="args"></textarea>
    <app-custom-args-check [control]="control" />`,
})
class Host {
  readonly control = new FormControl('');
}

describe('CustomArgsCheck', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<Host>;
  const text = (id: string) => dom(fixture).text(`[data-testid="${id}"]`);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    api.on('POST', '/api/ytdlp/validate-args', ({ body }) => {
      const { args } = body as { args: string };
      if (args.includes('--exec')) {
        throw Object.assign(
          new ApiError(
            400,
            'The custom yt-dlp arguments are refused: --exec is not allowed: it would run commands on the server',
            'DOWNLOAD_CUSTOM_ARGS_INVALID',
            [],
            { option: '--exec' },
          ),
        );
      }
      if (args.includes('--bogus'))
        return {
          ok: false,
          message: 'yt-dlp refuses these arguments: no such option: --bogus',
          args: ['--bogus'],
          stderr: 'yt-dlp: error: no such option: --bogus',
        };
      return { ok: true, message: 'yt-dlp accepts these arguments.', args: args.split(' '), stderr: null };
    });
    fixture = TestBed.createComponent(Host);
    await settle(fixture);
  });
  afterEach(() => vi.useRealTimers());

  it('asks the server once typing pauses, and says that yt-dlp accepts the arguments', async () => {
    dom(fixture).type('[data-testid="args"]', '--embed');
    await settle(fixture, 300);
    dom(fixture).type('[data-testid="args"]', '--embed-chapters');
    await settle(fixture, CHECK_DELAY_MS - 100);
    expect(api.callsTo('POST', '/api/ytdlp/validate-args')).toHaveLength(0);
    await settle(fixture, 100);
    expect(api.callsTo('POST', '/api/ytdlp/validate-args').map((c) => c.body)).toEqual([{ args: '--embed-chapters' }]);
    expect(text('custom-args-ok')).toBe('✓ yt-dlp accepts these arguments.');
  });

  it('names the refused option', async () => {
    dom(fixture).type('[data-testid="args"]', '--exec "rm -rf ~"');
    await settle(fixture, CHECK_DELAY_MS);
    expect(text('custom-args-option')).toBe('--exec');
    expect(text('custom-args-refused')).toContain('it would run commands on the server');
    dom(fixture).type('[data-testid="args"]', '--bogus');
    await settle(fixture, CHECK_DELAY_MS);
    expect(dom(fixture).one('[data-testid="custom-args-option"]')).toBeNull();
    expect(text('custom-args-refused')).toContain('no such option: --bogus');
  });

  it('drops the answer to older text when newer text was typed meanwhile', async () => {
    const slow = deferred<unknown>();
    api.on('POST', '/api/ytdlp/validate-args', ({ body }) =>
      (body as { args: string }).args === '--old'
        ? slow.promise
        : { ok: true, message: 'newer ok', args: [], stderr: null },
    );
    dom(fixture).type('[data-testid="args"]', '--old');
    await settle(fixture, CHECK_DELAY_MS);
    dom(fixture).type('[data-testid="args"]', '--new');
    await settle(fixture, CHECK_DELAY_MS);
    expect(text('custom-args-ok')).toBe('✓ newer ok');
    slow.resolve({ ok: false, message: 'old refusal', args: [], stderr: null });
    await settle(fixture);
    expect(text('custom-args-ok')).toBe('✓ newer ok');
    expect(dom(fixture).one('[data-testid="custom-args-refused"]')).toBeNull();
  });

  it('does not check a value that was set, not typed (a new view from the server)', async () => {
    fixture.componentInstance.control.setValue('--retries 3');
    await settle(fixture, CHECK_DELAY_MS);
    expect(api.callsTo('POST', '/api/ytdlp/validate-args')).toHaveLength(0);
  });
});
