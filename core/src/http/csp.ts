/**
 * The content security policy of every answer (the web UI and the API), in helmet's directive
 * form. Fit for the Angular build: its scripts are files of the same origin (no inline script, no
 * eval); Angular injects component styles at run time, hence `'unsafe-inline'` for styles only.
 * Posters and avatars come from the platform's image hosts (and, in a test, from a fake of it over
 * plain http); video plays from the same origin; live updates use a WebSocket to the same host.
 * No `upgrade-insecure-requests`: vidkeep is often reached over plain http on a home network, where
 * upgrading its own requests to https would break every page.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * The Swagger UI's own policy (@fastify/swagger-ui's `staticCSP`) made to work: without
 * `upgrade-insecure-requests`, which made a browser on the home network fetch the page's scripts
 * over https from a server that speaks http only (the page stayed blank), and with the inline
 * styles the Swagger UI applies (refused otherwise, with an error in the console).
 */
export function docsCsp(policy: string): string {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && d !== 'upgrade-insecure-requests')
    .map((d) => (/^style-src\s/.test(d) && !d.includes("'unsafe-inline'") ? `${d} 'unsafe-inline'` : d))
    .join('; ');
}
