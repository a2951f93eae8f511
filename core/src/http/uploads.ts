import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CoreErrorCodes, Type, type TObject } from '@vidkeep/contracts';
import { HttpError } from './http-error.js';
import { MULTIPART_BODY } from './validation.js';

/**
 * File uploads (`multipart/form-data`): the one file that imports @fastify/multipart. A plugin
 * registers `uploadSupport` inside its own routes context and reads the one file of a request
 * with `readUpload`, which says what is wrong in plain words (415 not multipart, 400 no file or
 * the wrong field, 413 too large); the file is held in memory only, never written anywhere.
 */

/** One uploaded file, read whole into memory. */
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Parses multipart bodies in the context that registers it (a plugin's routes) and its children,
 * never in the whole app: `await app.register(uploadSupport)`. Named: without a name,
 * fastify-plugin reads a stack trace at import to find one, which loads a source map at every start.
 */
export const uploadSupport = fp(
  async (app: FastifyInstance): Promise<void> => {
    await app.register(multipart, {
      // One file and a few small text fields per request; anything beyond is refused by busboy.
      limits: { files: 1, fields: 5, fieldSize: 4096, parts: 6, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
  },
  { name: 'vidkeep-upload-support' },
);

/**
 * The route schema parts of an upload: documents the file field as `multipart/form-data` in the
 * OpenAPI document (the body itself is read and checked by `readUpload`).
 */
export function uploadSchema(field: string, description: string): { consumes: string[]; body: TObject } {
  return {
    consumes: ['multipart/form-data'],
    body: Type.Object(
      { [field]: Type.String({ format: 'binary', description }) },
      { [MULTIPART_BODY]: true, required: [field] },
    ),
  };
}

const kib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 102.4) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * Reads the request's one file from the form field `field`, at most `maxBytes`. `what` names the
 * file in messages ("the cookie file").
 */
export async function readUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; what: string },
): Promise<UploadedFile> {
  const { field, maxBytes, what } = options;
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      CoreErrorCodes.unsupportedMediaType,
      `Send ${what} as multipart/form-data in the form field "${field}"`,
    );
  }
  const tooLarge = () =>
    new HttpError(413, CoreErrorCodes.payloadTooLarge, `${capitalize(what)} is larger than ${kib(maxBytes)}`);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
  } catch (err) {
    throw uploadError(err, tooLarge, what);
  }
  if (!part)
    throw new HttpError(
      400,
      CoreErrorCodes.badRequest,
      `No file was sent: attach ${what} in the form field "${field}"`,
    );
  if (part.fieldname !== field) {
    part.file.resume();
    throw new HttpError(
      400,
      CoreErrorCodes.badRequest,
      `${capitalize(what)} must be sent in the form field "${field}" (it came as "${part.fieldname}")`,
    );
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, tooLarge, what);
  }
  // The multipart parser cuts a file at the limit; whether it says so depends on how the last
  // chunks arrived (chunked uploads slipped through cut and were processed): a cut file is a 413.
  if ((part.file as { truncated?: boolean }).truncated || data.length > maxBytes) throw tooLarge();
  if (data.length === 0) throw new HttpError(400, CoreErrorCodes.badRequest, `${capitalize(what)} is empty`);
  return { fileName: part.filename, mimeType: part.mimetype, data };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function uploadError(err: unknown, tooLarge: () => HttpError, what: string): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(400, CoreErrorCodes.badRequest, `Send only ${what}: one file and no other form fields`);
  }
  if (err instanceof Error && /Unexpected end|terminated early|Malformed|boundary|multipart/i.test(err.message)) {
    return new HttpError(
      400,
      CoreErrorCodes.badRequest,
      `The upload of ${what} was cut off or malformed: ${err.message}`,
    );
  }
  return err;
}
