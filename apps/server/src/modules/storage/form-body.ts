import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, fieldErrors } from '../../lib/errors';

/**
 * A preValidation hook that lets a route take its body as a browser form (multipart/form-data: the web
 * app sends FormData, spec §7 "form") as well as JSON. The form's text fields become the body, which the
 * route's schema then validates like any JSON body. A file in such a form is refused by its field name:
 * files go to their own upload call.
 */
export async function formFieldsAsBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read to its end (within the 2 MB cap), so that the refusal is answered and not left waiting.
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
        throw fieldErrors({ [part.fieldname]: 'Upload the file with upload-file once the document exists' });
      }
      body[part.fieldname] = String(part.value);
    }
  } catch (error) {
    // The form parser's own refusals (no boundary, a cut-off body) carry no status: the client's fault.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw badRequest('The form could not be read.');
  }
  request.body = body;
}
