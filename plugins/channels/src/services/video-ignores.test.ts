import { describe, expect, it } from 'vitest';
import { bulkIgnoreAnswer } from './video-ignores.js';

describe('the answer to a bulk ignore', () => {
  it.each([
    [
      'all listed',
      ['a', 'b'],
      ['a', 'b'],
      {
        success: true,
        message: 'Successfully ignored 2 of 2 videos',
        results: [
          { sourceId: 'a', success: true },
          { sourceId: 'b', success: true },
        ],
      },
    ],
    [
      'some not listed',
      ['a', 'x'],
      ['a'],
      {
        success: true,
        message: 'Successfully ignored 1 of 2 videos',
        results: [
          { sourceId: 'a', success: true },
          { sourceId: 'x', success: false, reason: 'not listed for this channel' },
        ],
      },
    ],
    [
      'none listed',
      ['x'],
      [],
      {
        success: false,
        message: 'Successfully ignored 0 of 1 videos',
        results: [{ sourceId: 'x', success: false, reason: 'not listed for this channel' }],
      },
    ],
  ])('%s', (_what, ids, found, answer) => {
    expect(bulkIgnoreAnswer(ids, new Set(found))).toEqual(answer);
  });
});
