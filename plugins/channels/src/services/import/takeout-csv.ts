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

/** Splits CSV text into rows of fields, each with the line it starts on. */
export function csvRows(text: string): { fields: string[]; line: number; unterminated: boolean }[] {
  const rows: { fields: string[]; line: number; unterminated: boolean }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = (unterminated = false) => {
    fields.push(field);
    rows.push({ fields, line: rowLine, unterminated });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      // CRLF: the \n ends the row.
    } else if (c === '\n') {
      endRow();
      line += 1;
      rowLine = line;
    } else {
      field += c;
    }
    i += 1;
  }
  if (quoted || field !== '' || fields.length > 0) endRow(quoted);
  return rows;
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
  const rows = csvRows(text.replace(/^\uFEFF/, '')).filter((r) => r.fields.some((f) => f.trim() !== ''));
  const problems: ImportProblem[] = [];
  const channels: CsvChannel[] = [];
  const seen = new Map<string, number>();
  const first = rows[0];
  const columns = first ? headerColumns(first.fields) : null;
  // The first row is the header when it names the columns or holds no channel.
  const header = first !== undefined && (columns !== null || channelOf(first.fields, null) === null);
  const data = header ? rows.slice(1) : rows;
  for (const row of data) {
    if (row.unterminated) {
      problems.push({ line: row.line, message: 'A quoted field is never closed; the rest of the file was left out' });
      continue;
    }
    const channel = channelOf(row.fields, columns);
    if (!channel) {
      const shown = row.fields.join(',').slice(0, 80);
      problems.push({
        line: row.line,
        message: `No channel id (UC followed by 22 letters, digits, - or _) in "${shown}"`,
      });
      continue;
    }
    const earlier = seen.get(channel.channelId);
    if (earlier !== undefined) {
      problems.push({ line: row.line, message: `${channel.channelId} is listed again (first on line ${earlier})` });
      continue;
    }
    seen.set(channel.channelId, row.line);
    channels.push({ ...channel, line: row.line });
  }
  return { channels, problems, rows: data.length, header };
}
