import { describe, expect, it } from 'vitest';
import { capabilitiesOf, FLOOR_CAPABILITIES, jsRuntimeArgs, optionsUsed, parseHelpOptions } from './capabilities.js';

/** Lines as yt-dlp's --help prints them (2026.08.19). */
const HELP = `Usage: yt-dlp [OPTIONS] URL [URL...]

Options:
  General Options:
    -h, --help                      Print this help text and exit
    --no-colors                     Do not emit color codes in output (Alias:
                                    --no-colours)
    --js-runtimes RUNTIME[:PATH]    Additional JavaScript runtime to enable,
                                    with an optional location. Only "deno" is
                                    enabled by default
    -f, --format FORMAT             Video format code, see "FORMAT SELECTION"
`;

describe('what a yt-dlp build understands', () => {
  it('reads the long options of its --help, aliases in descriptions left out', () => {
    expect([...parseHelpOptions(HELP)].sort()).toEqual(['--format', '--help', '--js-runtimes', '--no-colors']);
  });

  it('passes the JavaScript runtime only to a build that takes it', () => {
    expect(jsRuntimeArgs(capabilitiesOf(HELP), '/opt/node/bin/node')).toEqual([
      '--js-runtimes',
      'node:/opt/node/bin/node',
    ]);
    expect(jsRuntimeArgs(FLOOR_CAPABILITIES)).toEqual([]);
    expect(jsRuntimeArgs(capabilitiesOf('    --no-colors   Do not emit color codes'))).toEqual([]);
  });

  it('names the options of an argument list up to the end of the options', () => {
    expect(
      optionsUsed(['--proxy', 'http://x', '-f', 'best', '--retries=3', '--proxy', 'y', '--', '--not-an-option']),
    ).toEqual(['--proxy', '--retries']);
  });
});
