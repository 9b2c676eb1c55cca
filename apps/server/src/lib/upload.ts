import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * The bytes of the one file of a multipart request. The multipart plugin stops reading past the 2 MB
 * cap, so an oversized file costs no more than 2 MB of memory; it is refused with `tooLargeMessage`.
 */
export async function readUpload(request: FastifyRequest, tooLargeMessage: string) {
  const file = await request.file();
  if (!file) throw badRequest('Choose a file to upload.');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(tooLargeMessage);
    throw error;
  }
  // The plugin's own check can miss a cut made at the last chunk; the stream's flag cannot.
  if (file.file.truncated) throw badRequest(tooLargeMessage);
  return { bytes: new Uint8Array(bytes), filename: file.filename, fields: file.fields };
}
