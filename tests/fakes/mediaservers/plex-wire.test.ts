import { describe, expect, it } from 'vitest';
import { container, el, toJson, toXml } from './plex-wire.js';

describe('the Plex wire formats', () => {
  const answer = container({ totalSize: 1, offset: 0 }, [
    el('Video', 'Metadata', { ratingKey: '5', title: 'A & "B"', smart: false, absent: undefined }, [
      el('Media', 'Media', { id: 1 }, [el('Part', 'Part', { file: '/d/a.mp4' })]),
    ]),
  ]);

  it('writes XML with escaped attributes, booleans as 1/0 and absent values left out', () => {
    expect(toXml(answer)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<MediaContainer size="1" totalSize="1" offset="0">',
        '  <Video ratingKey="5" title="A &amp; &quot;B&quot;" smart="0">',
        '    <Media id="1">',
        '      <Part file="/d/a.mp4" />',
        '    </Media>',
        '  </Video>',
        '</MediaContainer>',
        '',
      ].join('\n'),
    );
  });

  it('writes JSON with children grouped under their JSON key and real booleans', () => {
    expect(JSON.parse(toJson(answer))).toEqual({
      MediaContainer: {
        size: 1,
        totalSize: 1,
        offset: 0,
        Metadata: [
          { ratingKey: '5', title: 'A & "B"', smart: false, Media: [{ id: 1, Part: [{ file: '/d/a.mp4' }] }] },
        ],
      },
    });
  });
});
