import type { FastifyRequest } from 'fastify';

export type TMultipartForm = {
  fields: Record<string, string>;
  files: Record<string, { filename: string; content: Buffer }>;
};

/**
 * A multipart form's text fields and files (each read whole, within the app's 10 MB file limit: past it the
 * error handler answers 413). For the few calls that take several fields beside a file.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<TMultipartForm> {
  const form: TMultipartForm = { fields: {}, files: {} };
  for await (const part of request.parts({ limits: { fields: 30, fieldSize: 1_600_000 } })) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.filename) form.files[part.fieldname] = { filename: part.filename, content };
    } else {
      form.fields[part.fieldname] = String(part.value);
    }
  }
  return form;
}
