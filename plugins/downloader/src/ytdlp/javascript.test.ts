import { describe, expect, it } from 'vitest';
import { javascriptOf } from './javascript.js';

const header = (runtimes: string, libraries = 'certifi-2026.07.22, sqlite3-3.40.1') =>
  [
    '[debug] yt-dlp version stable@2026.08.19 from yt-dlp/yt-dlp [594bd50c2] (pip)',
    `[debug] Optional libraries: ${libraries}`,
    `[debug] JS runtimes: ${runtimes}`,
    '[debug] Proxy map: {}',
  ].join('\n');

describe('the JavaScript runtime yt-dlp reports', () => {
  it('is ready with a supported runtime and the solver scripts', () => {
    expect(javascriptOf(header('node-22.11.0', 'certifi-2026.07.22, yt_dlp_ejs-0.8.0'))).toEqual({
      runtime: { name: 'node', version: '22.11.0', supported: true },
      solver: 'yt-dlp-ejs 0.8.0',
      ready: true,
      message: "yt-dlp solves the platform's JavaScript challenges with Node.js 22.11.0 and yt-dlp-ejs 0.8.0.",
    });
  });

  it('says that Node.js 20 is too old, and what to do', () => {
    const js = javascriptOf(header('node-20.20.2 (unsupported)', 'yt_dlp_ejs-0.8.0'))!;
    expect(js).toMatchObject({ runtime: { name: 'node', version: '20.20.2', supported: false }, ready: false });
    expect(js.message).toBe(
      "Node.js 20.20.2 is too old for yt-dlp's challenge solver (it needs Node.js 22 or newer), so on the platform yt-dlp cannot solve its JavaScript challenges: some formats go missing or downloads fail. Run vidkeep on Node.js 22 or newer, or install Deno.",
    );
  });

  it('prefers the runtime yt-dlp prefers among the supported ones', () => {
    expect(javascriptOf(header('deno-1.40.0 (unsupported), node-24.1.0'))!.runtime).toEqual({
      name: 'node',
      version: '24.1.0',
      supported: true,
    });
    expect(javascriptOf(header('node-24.1.0, deno-2.5.1'))!.runtime?.name).toBe('deno');
  });

  it('names missing solver scripts and a missing runtime', () => {
    expect(javascriptOf(header('node-22.11.0'))!.message).toContain(
      'its challenge solver scripts (yt-dlp-ejs) are not installed',
    );
    expect(javascriptOf(header('none'))).toMatchObject({ runtime: null, ready: false });
    expect(javascriptOf(header('none (disabled)'))!.message).toContain('finds no JavaScript runtime');
  });

  it('is null for a yt-dlp from before runtimes (no such line)', () => {
    expect(
      javascriptOf('[debug] yt-dlp version stable@2023.03.04 [392389b7d] (debian*)\n[debug] Proxy map: {}'),
    ).toBeNull();
  });
});
