import { describe, expect, it } from 'vitest';
import { CUSTOM_ARGS_MAX_LENGTH, parseCustomArgs } from './custom-args.js';

function args(text: string): string[] {
  const r = parseCustomArgs(text);
  if (!r.ok) throw new Error(`expected ok, got: ${r.error}`);
  return r.args;
}

function error(text: string): string {
  const r = parseCustomArgs(text);
  if (r.ok) throw new Error(`expected an error, got: ${JSON.stringify(r.args)}`);
  return r.error;
}

describe('parseCustomArgs: tokenising', () => {
  it('accepts empty and whitespace-only text', () => {
    expect(parseCustomArgs('')).toEqual({ ok: true, args: [] });
    expect(parseCustomArgs('  \t\n ')).toEqual({ ok: true, args: [] });
  });

  it('splits on any whitespace', () => {
    expect(args('  --retries\t10 \n --embed-chapters  ')).toEqual(['--retries', '10', '--embed-chapters']);
  });

  it('keeps single-quoted text literally', () => {
    expect(args(`--match-filters '!is_live & duration > 60'`)).toEqual(['--match-filters', '!is_live & duration > 60']);
    expect(args(`--replace-in-metadata title '\\s+' ' '`)).toEqual(['--replace-in-metadata', 'title', '\\s+', ' ']);
  });

  it('handles \\" and \\\\ inside double quotes and keeps other backslashes', () => {
    expect(args('--parse-metadata "title:\\"(?P<artist>.+)\\" \\\\ \\d"')).toEqual([
      '--parse-metadata',
      'title:"(?P<artist>.+)" \\ \\d',
    ]);
  });

  it('escapes the next character with a backslash outside quotes', () => {
    expect(args('--match-filters title\\ with\\ spaces')).toEqual(['--match-filters', 'title with spaces']);
    expect(args("--match-filters it\\'s")).toEqual(['--match-filters', "it's"]);
    expect(args('--retries \\\n 10')).toEqual(['--retries', '10']);
  });

  it('joins adjacent quoted and unquoted parts into one token', () => {
    expect(args(`--format-sort res,'codec:h264'",br"`)).toEqual(['--format-sort', 'res,codec:h264,br']);
  });

  it('keeps empty quoted strings as empty tokens', () => {
    expect(args(`--output-na-placeholder ''`)).toEqual(['--output-na-placeholder', '']);
    expect(args('--output-na-placeholder ""')).toEqual(['--output-na-placeholder', '']);
  });

  it('expands no variables, globs or home directories', () => {
    expect(args('--user-agent $HOME --referer ~/x --match-filters *')).toEqual([
      '--user-agent',
      '$HOME',
      '--referer',
      '~/x',
      '--match-filters',
      '*',
    ]);
  });

  it('names an unterminated quote', () => {
    expect(error(`--match-filters 'abc`)).toMatch(/unterminated single quote/i);
    expect(error('--match-filters "abc')).toMatch(/unterminated double quote/i);
    expect(error('--match-filters "abc\\"')).toMatch(/unterminated double quote/i);
    expect(error('--retries 10 \\')).toMatch(/backslash/);
  });

  it('limits the text to 2000 characters', () => {
    const ok = `--match-filters ${'a'.repeat(CUSTOM_ARGS_MAX_LENGTH - 16)}`;
    expect(ok.length).toBe(2000);
    expect(parseCustomArgs(ok).ok).toBe(true);
    expect(error(`${ok}a`)).toMatch(/too long.*2000/);
  });
});

describe('parseCustomArgs: allowed arguments', () => {
  it.each([
    ['--retries 10', ['--retries', '10']],
    ['--embed-chapters', ['--embed-chapters']],
    ['--format-sort "res,codec:h264"', ['--format-sort', 'res,codec:h264']],
    ['--extractor-args "youtube:player_client=web"', ['--extractor-args', 'youtube:player_client=web']],
    ['--retries=10 --fragment-retries 5', ['--retries=10', '--fragment-retries', '5']],
    ['-f bestvideo+bestaudio -S res', ['-f', 'bestvideo+bestaudio', '-S', 'res']],
    ['-fbestvideo+bestaudio', ['-fbestvideo+bestaudio']],
    ['-N 4 -R 20 --no-mtime', ['-N', '4', '-R', '20', '--no-mtime']],
    ['--progress --newline-free-option', ['--progress', '--newline-free-option']],
    ['--output-na-placeholder x --verbose', ['--output-na-placeholder', 'x', '--verbose']],
    ['--sleep-interval 5 --max-sleep-interval 10', ['--sleep-interval', '5', '--max-sleep-interval', '10']],
    ['--print-traffic --progress-delta 5', ['--print-traffic', '--progress-delta', '5']],
    [
      '--sponsorblock-remove=sponsor,selfpromo --no-embed-info-json',
      ['--sponsorblock-remove=sponsor,selfpromo', '--no-embed-info-json'],
    ],
  ])('%s', (text, expected) => {
    expect(args(text)).toEqual(expected);
  });

  it('returns the tokens unchanged', () => {
    expect(args('--EmBeD-Chapters')).toEqual(['--EmBeD-Chapters']);
  });
});

describe('parseCustomArgs: positional arguments', () => {
  it('rejects a leading non-option', () => {
    expect(error('https://example.com/watch?v=x')).toBe(
      "unexpected argument 'https://example.com/watch?v=x' (URLs and file names are not allowed here)",
    );
  });

  it('rejects two values in a row', () => {
    expect(error('--retries 10 20')).toBe("unexpected argument '20' (URLs and file names are not allowed here)");
    expect(error('--embed-chapters https://youtu.be/abc extra')).toMatch(/unexpected argument 'extra'/);
  });

  it('allows the three values of --replace-in-metadata, and no more', () => {
    expect(args("--replace-in-metadata title,uploader '[ ]' '_'")).toEqual([
      '--replace-in-metadata',
      'title,uploader',
      '[ ]',
      '_',
    ]);
    expect(args('--replace-in-metadata=title a b')).toEqual(['--replace-in-metadata=title', 'a', 'b']);
    expect(error('--replace-in-metadata title a b c')).toMatch(/unexpected argument 'c'/);
  });

  it('rejects a value after --opt=value', () => {
    expect(error('--retries=10 /etc/passwd')).toMatch(/unexpected argument '\/etc\/passwd'/);
  });

  it('rejects a lone - or --', () => {
    expect(error('-')).toMatch(/'-' is not allowed/);
    expect(error('--retries 3 --')).toMatch(/'--' is not allowed/);
    expect(error('-- https://example.com')).toMatch(/'--' is not allowed/);
  });
});

describe('parseCustomArgs: denied options', () => {
  it.each([
    ['--exec "rm -rf /"', '--exec', /run commands/],
    ['--exec=x', '--exec', /run commands/],
    ['--exec-before-download x', '--exec-before-download', /run commands/],
    ['--netrc-cmd x', '--netrc-cmd', /run commands/],
    ['--use-postprocessor Exec:when=after_move', '--use-postprocessor', /run commands/],
    ['--downloader aria2c', '--downloader', /run commands/],
    ['--external-downloader-args "x"', '--external-downloader-args', /run commands/],
    ['-o x', '-o', /where files go/],
    ['-ofoo', '-o', /where files go/],
    ['-o=foo', '-o', /where files go/],
    ['--output "%(title)s.%(ext)s"', '--output', /where files go/],
    ['--paths /tmp', '--paths', /where files go/],
    ['--paths=temp:/tmp', '--paths', /where files go/],
    ['-P /tmp', '-P', /where files go/],
    ['--print-to-file x y', '--print-to-file', /where files go/],
    ['--download-archive a.txt', '--download-archive', /where files go/],
    ['--config-location /x', '--config-location', /files or programs/],
    ['--batch-file list.txt', '--batch-file', /files or programs/],
    ['-a list.txt', '-a', /files or programs/],
    ['--load-info-json x', '--load-info-json', /files or programs/],
    ['--plugin-dirs /x', '--plugin-dirs', /files or programs/],
    ['--cookies c.txt', '--cookies', /Settings/],
    ['--cookies-from-browser firefox', '--cookies-from-browser', /Settings/],
    ['--proxy socks5://x', '--proxy', /Settings/],
    ['--ffmpeg-location /x', '--ffmpeg-location', /Settings/],
    ['-4', '-4', /Settings/],
    ['--force-ipv6', '--force-ipv6', /Settings/],
    ['--limit-rate 1M', '--limit-rate', /Settings/],
    ['-r 1M', '-r', /Settings/],
    ['--sleep-requests 3', '--sleep-requests', /Settings/],
    ['-U', '-U', /update/],
    ['--update-to nightly', '--update-to', /update/],
    ['--progress-template x', '--progress-template', /output/],
    ['--newline', '--newline', /output/],
    ['--no-newline', '--no-newline', /output/],
    ['-O title', '-O', /output/],
    ['--print title', '--print', /output/],
    ['-j', '-j', /output/],
    ['-J', '-J', /output/],
    ['--dump-single-json', '--dump-single-json', /output/],
    ['-s', '-s', /stop the download/],
    ['--skip-download', '--skip-download', /stop the download/],
    ['--write-info-json', '--write-info-json', /manages/],
    ['--no-write-info-json', '--no-write-info-json', /manages/],
    ['--ppa "ffmpeg:-x"', '--ppa', /run commands/],
    ['--postprocessor-args "ffmpeg:-x"', '--postprocessor-args', /run commands/],
    ['--ignore-config', '--ignore-config', /manages/],
    ['--no-config', '--no-config', /manages/],
    ['--alias x y', '--alias', /new options/],
    ['--version', '--version', /stop/],
    ['--help', '--help', /stop/],
    ['-h', '-h', /stop/],
    ['-q', '-q', /output/],
    ['--quiet', '--quiet', /output/],
    ['--no-progress', '--no-progress', /output/],
    ['--netrc', '--netrc', /files/],
    ['--netrc-location x', '--netrc-location', /files/],
  ])('%s', (text, option, why) => {
    const message = error(text);
    expect(message.startsWith(option)).toBe(true);
    expect(message).toContain('is not allowed');
    expect(message).toMatch(why);
  });

  it('denies a denied option anywhere in the list', () => {
    expect(error('--retries 10 --embed-chapters --exec x')).toMatch(/^--exec is not allowed/);
  });

  it('denies denied short flags inside a cluster', () => {
    expect(error('-vo x')).toMatch(/^-o \(in -vo\) is not allowed/);
    expect(error('-xj')).toMatch(/^-j \(in -xj\)/);
    expect(error('-4')).toMatch(/^-4 is not allowed/);
  });

  it('reads the rest of a cluster after a value-taking flag as its value', () => {
    expect(args('-fbestvideo[height<=720]+bestaudio/best')).toEqual(['-fbestvideo[height<=720]+bestaudio/best']);
    expect(args('-Sres,ext')).toEqual(['-Sres,ext']);
  });

  it('denies abbreviations yt-dlp would expand to a denied option', () => {
    expect(error('--exec-b x')).toMatch(
      /^--exec-b is not allowed \(yt-dlp reads it as --exec-before-download\): it would run commands/,
    );
    expect(error('--cookies-from=firefox')).toMatch(/reads it as --cookies-from-browser/);
    expect(error('--downl x')).toMatch(/is not allowed/);
  });

  it('compares long option names case-insensitively', () => {
    expect(error('--EXEC x')).toMatch(/^--EXEC is not allowed/);
  });

  it('denies aliases and negations of managed options', () => {
    for (const option of [
      '--rate-limit 1M',
      '--load-info x',
      '--no-download',
      '--avconv-location /x',
      '--no-download-archive',
      '--no-cookies',
      '--no-exec',
      '--cache-dir /x',
    ]) {
      expect(error(option)).toContain('is not allowed');
    }
  });
});

describe('parseCustomArgs: the option at fault', () => {
  it('names the option as typed, for the settings form to show', () => {
    const option = (text: string) => {
      const r = parseCustomArgs(text);
      return r.ok ? 'ok' : (r.option ?? null);
    };
    expect(option('--embed-chapters --exec "rm -rf ~"')).toBe('--exec');
    expect(option('--exec-b x')).toBe('--exec-b');
    expect(option('--output=x')).toBe('--output');
    expect(option('-vo x')).toBe('-vo');
    expect(option('-P=/tmp')).toBe('-P');
    expect(option('--retries 3 https://example.com/x')).toBe('https://example.com/x');
    expect(option('--retries "3')).toBeNull();
    expect(option('--retries 3')).toBe('ok');
  });
});
