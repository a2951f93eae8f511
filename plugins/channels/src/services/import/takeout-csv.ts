import type { ImportProblem } from '@vidkeep/contracts';

/**
 * The subscriptions CSV of the platform's account export (Google Takeout:
 * `YouTube and YouTube Music/subscriptions/subscriptions.csv`): a header
 * `Channel Id,Channel Url,Channel Title`, then one subscribed channel per line. Read leniently, as
 * exports and spreadsheet round trips differ: a byte order mark, CRLF line ends, quoted fields (with
 * commas, doubled quotes and line breaks inside), blank lines, columns in another order or with
 * translated names (the columns are then told apart by what they hold). A row that names no channel
 * is reported with its line number and left out; it never fails the file.
 */

export interface CsvChannel {
  channelId: string;
  url: string;
  title: string;
  /** 1-based line where the row starts. */
  line: number;
}

export interface CsvResult {
  channels: CsvChannel[];
  problems: ImportProblem[];
  /** Rows that looked like data (the header and blank lines not counted). */
  rows: number;
  /** The first row was recognised as the header. */
  header: boolean;
}

const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const CHANNEL_URL_ID = /youtube\.com\/channel\/(UC[A-Za-z0-9_-]{22})/i;

/** More rows than anyone subscribes to: the rest of a file is left out, with a problem saying so. */
export const MAX_CSV_ROWS = 20_000;
/** Problems listed one by one; beyond this, one line counts the rest. */
export const MAX_CSV_PROBLEMS = 200;

export interface CsvRow {
  fields: string[];
  /** 1-based line where the row starts. */
  line: number;
  unterminated: boolean;
}

/**
 * Splits CSV text into rows of fields, each with the line it starts on, one at a time. Blank rows
 * (nothing but separators and spaces) are skipped without building them, so a file of a million
 * empty lines costs a scan of its bytes, not a million objects (issue 31).
 */
export function* csvRows(text: string): Generator<CsvRow> {
  let fields: string[] = [];
  let field = '';
  let blank = true;
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 34 /* " */) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === 10) line += 1;
        field += text[i];
      }
      i += 1;
      continue;
    }
    if (c === 34 && field.trim() === '') {
      quoted = true;
      blank = false;
      field = '';
    } else if (c === 44 /* , */) {
      fields.push(field);
      field = '';
    } else if (c === 13 && text.charCodeAt(i + 1) === 10) {
      // CRLF: the \n ends the row.
    } else if (c === 10) {
      fields.push(field);
      if (!blank || fields.some((f) => f.trim() !== '')) yield { fields, line: rowLine, unterminated: false };
      fields = [];
      field = '';
      blank = true;
      line += 1;
      rowLine = line;
    } else {
      field += text[i];
    }
    i += 1;
  }
  if (quoted || field !== '' || fields.length > 0) {
    fields.push(field);
    if (quoted || fields.some((f) => f.trim() !== '')) yield { fields, line: rowLine, unterminated: quoted };
  }
}

type Column = 'id' | 'url' | 'title';

/** Header names of the English export (other languages are recognised by content). */
const HEADER_NAMES: Record<string, Column> = {
  'channel id': 'id',
  'channel url': 'url',
  'channel title': 'title',
  'channel name': 'title',
};

function headerColumns(fields: string[]): Map<Column, number> | null {
  const found = new Map<Column, number>();
  fields.forEach((f, i) => {
    const column = HEADER_NAMES[f.trim().toLowerCase()];
    if (column && !found.has(column)) found.set(column, i);
  });
  return found.has('id') ? found : null;
}

/** The channel a row names: the id column (or any field that is a channel id or a channel URL). */
function channelOf(fields: string[], columns: Map<Column, number> | null): Omit<CsvChannel, 'line'> | null {
  const cells = fields.map((f) => f.trim());
  const at = (c: Column) => {
    const i = columns?.get(c);
    return i === undefined ? undefined : cells[i];
  };
  let channelId = at('id');
  if (!channelId || !CHANNEL_ID.test(channelId)) {
    channelId = cells.find((c) => CHANNEL_ID.test(c)) ?? cells.map((c) => CHANNEL_URL_ID.exec(c)?.[1]).find(Boolean);
  }
  if (!channelId) return null;
  const url = at('url') ?? cells.find((c) => /^https?:\/\//i.test(c)) ?? '';
  const title =
    at('title') ?? cells.find((c) => c !== '' && c !== channelId && c !== url && !/^https?:\/\//i.test(c)) ?? '';
  return {
    channelId,
    url: /^https?:\/\/(www\.|m\.)?youtube\.com\//i.test(url) ? url : `https://www.youtube.com/channel/${channelId}`,
    title: title || channelId,
  };
}

export function parseSubscriptionsCsv(text: string): CsvResult {
  const problems: ImportProblem[] = [];
  const channels: CsvChannel[] = [];
  const seen = new Map<string, number>();
  let columns: Map<Column, number> | null = null;
  let header = false;
  let rows = 0;
  let unlisted = 0;
  let cutAt: number | null = null;
  const problem = (line: number, message: string) => {
    if (problems.length < MAX_CSV_PROBLEMS) problems.push({ line, message });
    else unlisted += 1;
  };
  let first = true;
  for (const row of csvRows(text.replace(/^\uFEFF/, ''))) {
    if (first) {
      first = false;
      columns = headerColumns(row.fields);
      // The first row is the header when it names the columns or holds no channel.
      header = columns !== null || channelOf(row.fields, null) === null;
      if (header) continue;
    }
    if (rows === MAX_CSV_ROWS) {
      cutAt = row.line;
      break;
    }
    rows += 1;
    if (row.unterminated) {
      problem(row.line, 'A quoted field is never closed; the rest of the file was left out');
      continue;
    }
    const channel = channelOf(row.fields, columns);
    if (!channel) {
      const shown = row.fields.join(',').slice(0, 80);
      problem(row.line, `No channel id (UC followed by 22 letters, digits, - or _) in "${shown}"`);
      continue;
    }
    const earlier = seen.get(channel.channelId);
    if (earlier !== undefined) {
      problem(row.line, `${channel.channelId} is listed again (first on line ${earlier})`);
      continue;
    }
    seen.set(channel.channelId, row.line);
    channels.push({ ...channel, line: row.line });
  }
  if (unlisted > 0) {
    problems.push({ line: problems.at(-1)?.line ?? 1, message: `${unlisted} more rows had problems (not listed)` });
  }
  if (cutAt !== null) {
    problems.push({ line: cutAt, message: `The file has more than ${MAX_CSV_ROWS} rows; the rest of it was left out` });
  }
  return { channels, problems, rows, header };
}
