import { Type } from '@vidkeep/contracts';

/** The manifest options of the Plex plugin. */
export const PlexOptions = Type.Object(
  {
    resolveBackoffSeconds: Type.Array(Type.Number({ minimum: 0, maximum: 600 }), {
      default: [2, 5, 10, 20, 30],
      maxItems: 20,
      description:
        'Pauses between looks for files the server has not indexed yet (a scan is asked before the first pause); about a minute in all',
    }),
    requestTimeoutSeconds: Type.Number({
      minimum: 0.1,
      maximum: 300,
      default: 15,
      description: 'A Plex or plex.tv request without an answer after this long counts as unreachable',
    }),
    listPageSize: Type.Integer({
      minimum: 1,
      maximum: 10000,
      default: 1000,
      description: 'Items per page when listing a library (`X-Plex-Container-Size`)',
    }),
  },
  { additionalProperties: false },
);
