import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './bree-adapter.js';

describe('workerExecArgv', () => {
  it.each([
    [[], []],
    [['--enable-source-maps'], ['--enable-source-maps']],
    [['--conditions=source', '--enable-source-maps'], ['--enable-source-maps']],
    [['--conditions', 'source', '--max-old-space-size=256'], ['--max-old-space-size=256']],
    [
      ['-C', 'source', '--import', 'tsx', '--conditions=development'],
      ['--import', 'tsx'],
    ],
  ])('%j runs workers with %j', (parent, worker) => {
    expect(workerExecArgv(parent)).toEqual(worker);
  });
});
