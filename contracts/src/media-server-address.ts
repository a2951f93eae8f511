/**
 * What counts as a media server's address, for every kind: checked when settings are saved (the
 * core and each media-server plugin add it as a config check) and before a connection test.
 */

/**
 * What is wrong with a media server's base URL, in words; null when it is fine (or empty: not
 * set). It must parse, be http or https, and name a host: `plexbox` or `http://>z` passed a
 * pattern and then broke every call with a 500 (issue 31).
 */
export function serverUrlProblem(value: string): string | null {
  if (value === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /\s/.test(value)) {
    return `"${value.slice(0, 200)}" is not a server address: give it as http:// or https:// with a host, e.g. http://192.168.1.20:8096`;
  }
  return null;
}

/** What is wrong with a host name or IP address typed alone (`plexIP`); null when fine or empty. */
export function serverHostProblem(value: string): string | null {
  if (value === '') return null;
  const host = value.includes(':') && !value.startsWith('[') ? `[${value}]` : value;
  if (
    /[\s/?#@\\]/.test(value) ||
    [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127) ||
    serverUrlProblem(`http://${host}`)
  ) {
    return `"${value.slice(0, 200)}" is not a host name or IP address (no scheme, port or path: those go in their own fields)`;
  }
  return null;
}
