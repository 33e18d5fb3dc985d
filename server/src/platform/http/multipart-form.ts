import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { InvalidInput } from '../errors.ts';

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

/**
 * The body of a call that takes a multipart form or JSON: the form's text fields (and its files), or the JSON
 * object's values (no files).
 */
export async function formOrJson(
  request: FastifyRequest,
): Promise<{ values: Record<string, unknown>; files: TMultipartForm['files'] }> {
  if (request.isMultipart()) {
    const form = await readMultipartForm(request);
    return { values: { ...form.fields }, files: form.files };
  }
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { values: { ...body }, files: {} };
}

/** A form's values through the domain's schema; refused as the framework's own validation is (422, a list). */
export function parseFormValues<T extends z.ZodType>(
  schema: T,
  values: Record<string, unknown>,
): z.output<T> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new InvalidInput(parsed.error.issues);
  return parsed.data;
}
