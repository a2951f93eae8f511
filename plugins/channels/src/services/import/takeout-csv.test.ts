import { describe, expect, it } from 'vitest';
import { csvRows, MAX_CSV_PROBLEMS, MAX_CSV_ROWS, parseSubscriptionsCsv } from './takeout-csv.js';

const A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const B = 'UCbbbbbbbbbbbbbbbbbbbbbb';
const C = 'UCcccccccccccccccccccccc';
const url = (id: string) => `http://www.youtube.com/channel/${id}`;

describe('csvRows', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and says where each row starts', () => {
    expect([...csvRows('a,"b, c","say ""hi"""\r\nx,"two\nlines",z\n')]).toEqual([
      { fields: ['a', 'b, c', 'say "hi"'], line: 1, unterminated: false },
      { fields: ['x', 'two\nlines', 'z'], line: 2, unterminated: false },
    ]);
    expect([...csvRows('a,b\nc')]).toEqual([
      { fields: ['a', 'b'], line: 1, unterminated: false },
      { fields: ['c'], line: 2, unterminated: false },
    ]);
    expect([...csvRows('a,"open\nnever closed')].at(-1)).toMatchObject({ line: 1, unterminated: true });
  });

  it('skips blank rows without building them, and still numbers the lines after them', () => {
    expect([...csvRows('\n\n , \r\na\n\n')]).toEqual([{ fields: ['a'], line: 4, unterminated: false }]);
  });
});

describe('a hostile file within the upload limit', () => {
  it('5 MB of empty lines is read as no rows; rows past the cap and problems past theirs are cut with a word', () => {
    expect(parseSubscriptionsCsv('\n'.repeat(5_000_000))).toEqual({
      channels: [],
      problems: [],
      rows: 0,
      header: false,
    });
    const junk = parseSubscriptionsCsv(`Channel Id\n${'x\n'.repeat(MAX_CSV_ROWS + 10)}`);
    expect(junk.rows).toBe(MAX_CSV_ROWS);
    expect(junk.problems).toHaveLength(MAX_CSV_PROBLEMS + 2);
    expect(junk.problems.slice(-2)).toEqual([
      { line: MAX_CSV_PROBLEMS + 1, message: `${MAX_CSV_ROWS - MAX_CSV_PROBLEMS} more rows had problems (not listed)` },
      { line: MAX_CSV_ROWS + 2, message: `The file has more than ${MAX_CSV_ROWS} rows; the rest of it was left out` },
    ]);
  });
});

describe('parseSubscriptionsCsv', () => {
  it('reads the account export: header, one channel per line', () => {
    const r = parseSubscriptionsCsv(
      `Channel Id,Channel Url,Channel Title\n${A},${url(A)},Alpha\n${B},${url(B)},Beta\n`,
    );
    expect(r).toEqual({
      channels: [
        { channelId: A, url: url(A), title: 'Alpha', line: 2 },
        { channelId: B, url: url(B), title: 'Beta', line: 3 },
      ],
      problems: [],
      rows: 2,
      header: true,
    });
  });

  it('tolerates a BOM, CRLF, blank lines, quoted titles and another column order', () => {
    const text = `\uFEFFChannel Title,Channel Id,Channel Url\r\n\r\n"Gamma, the ""best""",${C},${url(C)}\r\n\r\n"Two\nlines",${A},${url(A)}\r\n`;
    const r = parseSubscriptionsCsv(text);
    expect(r.problems).toEqual([]);
    expect(r.channels).toEqual([
      { channelId: C, url: url(C), title: 'Gamma, the "best"', line: 3 },
      { channelId: A, url: url(A), title: 'Two\nlines', line: 5 },
    ]);
  });

  it('reports bad rows by line number and keeps going', () => {
    const text = [
      'Channel Id,Channel Url,Channel Title',
      `${A},${url(A)},Alpha`,
      'not-an-id,http://www.youtube.com/channel/x,Broken',
      '',
      `${A},${url(A)},Alpha again`,
      `UCshort,${url('UCshort')},Too short`,
      `${B},${url(B)},Beta`,
    ].join('\n');
    const r = parseSubscriptionsCsv(text);
    expect(r.channels.map((c) => [c.channelId, c.line])).toEqual([
      [A, 2],
      [B, 7],
    ]);
    expect(r.problems).toEqual([
      { line: 3, message: expect.stringMatching(/^No channel id .*"not-an-id,/) },
      { line: 5, message: `${A} is listed again (first on line 2)` },
      { line: 6, message: expect.stringMatching(/^No channel id/) },
    ]);
  });

  it('recognises a translated export by what the columns hold', () => {
    const r = parseSubscriptionsCsv(`Kanal-ID,Kanal-URL,Kanaltitel\n${A},${url(A)},Alpha\n`);
    expect(r.header).toBe(true);
    expect(r.channels).toEqual([{ channelId: A, url: url(A), title: 'Alpha', line: 2 }]);
  });

  it('takes a file without a header, and a channel known only by its URL', () => {
    const r = parseSubscriptionsCsv(`${A},${url(A)},Alpha\nhttps://www.youtube.com/channel/${B},Beta\n`);
    expect(r.header).toBe(false);
    expect(r.channels.map((c) => [c.channelId, c.title])).toEqual([
      [A, 'Alpha'],
      [B, 'Beta'],
    ]);
  });

  it('builds the channel URL when the row has none, and uses the id when it has no title', () => {
    const r = parseSubscriptionsCsv(`Channel Id,Channel Url,Channel Title\n${A},,\n`);
    expect(r.channels).toEqual([{ channelId: A, url: `https://www.youtube.com/channel/${A}`, title: A, line: 2 }]);
  });

  it('finds nothing in text that is not such a file', () => {
    expect(parseSubscriptionsCsv('hello world\nthis is not it\n')).toMatchObject({ channels: [], rows: 1 });
    expect(parseSubscriptionsCsv('')).toEqual({ channels: [], problems: [], rows: 0, header: false });
  });
});
