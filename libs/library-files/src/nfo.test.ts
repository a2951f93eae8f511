import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildNfo, type NfoInput } from './nfo.js';

const ADDED = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

const FULL: NfoInput = {
  id: 'dQw4w9WgXcQ',
  title: 'Short title',
  fulltitle: 'Full title',
  description: 'Line one\nLine two',
  upload_date: '20091025',
  uploader: 'Rick Astley',
  channel: 'RickAstleyVEVO',
  uploader_id: '@RickAstleyYT',
  channel_id: 'UCuAXFkgsw1L7xaCfnd5JJOw',
  tags: ['rick', 'astley', 'Rick'],
  categories: ['Music', 'Entertainment'],
  duration: 212,
  age_limit: 0,
  webpage_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
};

/** Python's XML parser, when the system python is there (it is in the dev image). */
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p));

/** Parses the document with a real XML parser and returns the text of every element, as `name=text` lines. */
function parseXml(xml: string): string {
  const script = [
    'import sys, xml.dom.minidom as m',
    'doc = m.parseString(sys.stdin.buffer.read())',
    'out = []',
    'def walk(n):',
    '    for c in n.childNodes:',
    '        if c.nodeType == c.ELEMENT_NODE:',
    '            t = "".join(x.data for x in c.childNodes if x.nodeType == x.TEXT_NODE)',
    '            out.append(c.tagName + "=" + t.strip())',
    '            walk(c)',
    'walk(doc)',
    'sys.stdout.buffer.write("\\n".join(out).encode("utf-8"))',
  ].join('\n');
  return execFileSync(PYTHON as string, ['-c', script], {
    input: Buffer.from(xml, 'utf8'),
    env: { PATH: '/usr/bin:/bin' },
  }).toString('utf8');
}

describe('buildNfo', () => {
  it('writes every element in order with two-space indentation', () => {
    expect(buildNfo(FULL, { dateAdded: ADDED, extraTags: ['Music videos'] })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<movie>',
        '  <title>Full title</title>',
        '  <plot>Line one',
        'Line two</plot>',
        '  <uniqueid type="youtube" default="true">dQw4w9WgXcQ</uniqueid>',
        '  <premiered>2009-10-25</premiered>',
        '  <year>2009</year>',
        '  <dateadded>2026-01-02 03:04:05</dateadded>',
        '  <studio>Rick Astley</studio>',
        '  <credits>Rick Astley</credits>',
        '  <genre>Music</genre>',
        '  <genre>Entertainment</genre>',
        '  <tag>rick</tag>',
        '  <tag>astley</tag>',
        '  <tag>Music videos</tag>',
        '  <runtime>4</runtime>',
        '  <fileinfo>',
        '    <streamdetails>',
        '      <video>',
        '        <durationinseconds>212</durationinseconds>',
        '      </video>',
        '    </streamdetails>',
        '  </fileinfo>',
        '</movie>',
        '',
      ].join('\n'),
    );
  });

  it('omits missing values and falls back to the id for the title', () => {
    const xml = buildNfo({ id: 'abcdefghijk' }, { dateAdded: ADDED });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<movie>',
        '  <title>abcdefghijk</title>',
        '  <uniqueid type="youtube" default="true">abcdefghijk</uniqueid>',
        '  <dateadded>2026-01-02 03:04:05</dateadded>',
        '</movie>',
        '',
      ].join('\n'),
    );
    expect(buildNfo({ id: 'x', fulltitle: '  ', title: 'T', description: '' }, { dateAdded: ADDED })).toContain(
      '<title>T</title>',
    );
    expect(buildNfo({ id: 'x', description: ' \n ' }, { dateAdded: ADDED })).not.toContain('<plot>');
    expect(buildNfo({ id: 'x' }, { dateAdded: new Date(Number.NaN) })).not.toContain('<dateadded>');
  });

  it('picks the studio from uploader, channel, uploader_id, channel_id', () => {
    const studio = (info: Partial<NfoInput>) =>
      /<studio>(.*)<\/studio>/.exec(buildNfo({ id: 'x', ...info }, { dateAdded: ADDED }))?.[1];
    expect(studio({ channel: 'C', uploader_id: 'U', channel_id: 'I' })).toBe('C');
    expect(studio({ uploader_id: 'U', channel_id: 'I' })).toBe('U');
    expect(studio({ channel_id: 'I' })).toBe('I');
    expect(studio({})).toBeUndefined();
    expect(buildNfo({ id: 'x', channel: 'C' }, { dateAdded: ADDED })).not.toContain('<credits>');
  });

  it('escapes the five XML special characters', () => {
    const xml = buildNfo(
      { id: 'x', title: `<script>&"'`, description: 'a < b && c > "d" \'e\'', tags: ['<b>'] },
      { dateAdded: ADDED },
    );
    expect(xml).toContain('<title>&lt;script&gt;&amp;&quot;&apos;</title>');
    expect(xml).toContain('<plot>a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos;</plot>');
    expect(xml).toContain('<tag>&lt;b&gt;</tag>');
    expect(xml).not.toContain('<script>');
  });

  it('strips characters XML 1.0 cannot hold and keeps tab, newline and non-BMP text', () => {
    const xml = buildNfo(
      {
        id: 'x',
        title: 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFFi',
        description: 'x\ty\nz\uD800 lone \uDC00 emoji 🎵 \u00E9',
      },
      { dateAdded: ADDED },
    );
    expect(xml).toContain('<title>abcdefghi</title>');
    expect(xml).toContain('<plot>x\ty\nz lone  emoji 🎵 é</plot>');
    expect(buildNfo({ id: 'x', title: '\u0000\u0001' }, { dateAdded: ADDED })).toContain('<title>x</title>');
  });

  it('formats dates: premiered from YYYYMMDD only when it is a real day, dateadded in UTC', () => {
    const premiered = (upload_date: string) =>
      /<premiered>(.*)<\/premiered>/.exec(buildNfo({ id: 'x', upload_date }, { dateAdded: ADDED }))?.[1];
    expect(premiered('20240229')).toBe('2024-02-29');
    expect(premiered('20230229')).toBeUndefined();
    expect(premiered('20241301')).toBeUndefined();
    expect(premiered('20240100')).toBeUndefined();
    expect(premiered('2024-01-01')).toBeUndefined();
    expect(premiered('202401011')).toBeUndefined();
    expect(premiered('00000101')).toBeUndefined();
    expect(buildNfo({ id: 'x', upload_date: '20230229' }, { dateAdded: ADDED })).not.toContain('<year>');
    const local = new Date('2026-06-30T23:59:58-05:00');
    expect(buildNfo({ id: 'x' }, { dateAdded: local })).toContain('<dateadded>2026-07-01 04:59:58</dateadded>');
  });

  it('deduplicates tags case-insensitively across tags and extra tags, and genres too', () => {
    const xml = buildNfo(
      { id: 'x', tags: ['Cats', 'cats', ' dogs ', '', 'CATS'], categories: ['Music', 'music'] },
      { dateAdded: ADDED, extraTags: ['DOGS', 'Birds', 'birds'] },
    );
    expect(xml.match(/<tag>[^<]*<\/tag>/g)).toEqual(['<tag>Cats</tag>', '<tag>dogs</tag>', '<tag>Birds</tag>']);
    expect(xml.match(/<genre>[^<]*<\/genre>/g)).toEqual(['<genre>Music</genre>']);
  });

  it('writes mpaa only for a positive age limit', () => {
    const mpaa = (age_limit: number) =>
      /<mpaa>(.*)<\/mpaa>/.exec(buildNfo({ id: 'x', age_limit }, { dateAdded: ADDED }))?.[1];
    expect(mpaa(18)).toBe('Age 18+');
    expect(mpaa(13)).toBe('Age 13+');
    expect(mpaa(0)).toBeUndefined();
  });

  it('rounds the runtime up to whole minutes and omits it without a duration', () => {
    const runtime = (duration: number) =>
      /<runtime>(.*)<\/runtime>/.exec(buildNfo({ id: 'x', duration }, { dateAdded: ADDED }))?.[1];
    expect(runtime(60)).toBe('1');
    expect(runtime(61)).toBe('2');
    expect(runtime(0.5)).toBe('1');
    expect(runtime(0)).toBeUndefined();
    expect(runtime(Number.NaN)).toBeUndefined();
    expect(buildNfo({ id: 'x', duration: 90.6 }, { dateAdded: ADDED })).toContain(
      '<durationinseconds>91</durationinseconds>',
    );
    expect(buildNfo({ id: 'x' }, { dateAdded: ADDED })).not.toContain('<fileinfo>');
    expect(buildNfo(FULL, { dateAdded: ADDED })).not.toContain('<trailer>');
  });

  it.skipIf(!PYTHON)('is well-formed XML that round-trips the text', () => {
    const nasty: NfoInput = {
      ...FULL,
      fulltitle: `<script>alert("x")</script> & 'friends' ]]> \u0007 🎵`,
      description: 'Tabs\tand\nnewlines, <b>bold</b> &amp; entities &#x0; \uD83D',
      uploader: 'A & B <C>',
      tags: ['x"y', "it's", '<tag>'],
      categories: ['Film & Animation'],
      age_limit: 18,
    };
    const parsed = parseXml(buildNfo(nasty, { dateAdded: ADDED, extraTags: ['a&b'] }));
    const lines = parsed.split('\n');
    expect(lines[0]).toBe('movie=');
    expect(lines).toContain(`title=<script>alert("x")</script> & 'friends' ]]>  🎵`);
    expect(lines).toContain('studio=A & B <C>');
    expect(lines).toContain('genre=Film & Animation');
    expect(lines).toContain("tag=it's");
    expect(lines).toContain('tag=<tag>');
    expect(lines).toContain('tag=a&b');
    expect(lines).toContain('mpaa=Age 18+');
    expect(lines).toContain('durationinseconds=212');
    expect(parsed).toContain('plot=Tabs\tand\nnewlines, <b>bold</b> &amp; entities &#x0;');
    expect(parseXml(buildNfo({ id: 'abcdefghijk' }, { dateAdded: ADDED }))).toContain('uniqueid=abcdefghijk');
  });
});
