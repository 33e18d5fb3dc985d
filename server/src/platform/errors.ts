import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FILE_TOO_LARGE } from '@app/domain/files/uploads';

const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  not_implemented: 501,
  /** A provider we depend on (the card payment provider) failed or could not be reached. */
  bad_gateway: 502,
} as const;

export type TErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error type services throw; the handler turns it into `{"detail": ...}` with its status. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly detail: string,
    /** For a 429: when to try again (sent as Retry-After). */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(detail);
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);

type TValidationItem = { loc: (string | number)[]; msg: string; type: string };

/**
 * A schema's refusal of input the framework could not check itself (a multipart form's fields, a record merged
 * with its edit): 422 with the same list as the framework's validation, `{detail: [{loc, msg, type}]}`.
 */
export class InvalidInput extends Error {
  readonly items: TValidationItem[];
  constructor(
    issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[],
    context = 'body',
  ) {
    super(issues[0]?.message ?? 'Invalid input');
    this.items = issues.map((issue) => ({
      loc: [context, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))],
      msg: issue.message,
      type: issue.code,
    }));
  }
}

function validationDetail(error: FastifyError): TValidationItem[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => ({
    loc: [context, ...issue.instancePath.split('/').filter(Boolean)],
    msg: issue.message ?? 'Invalid value',
    type: issue.keyword,
  }));
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their 4xx status. */
function frameworkClientError(error: FastifyError): { status: number; detail: string } | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 413, detail: 'Request body is too large' };
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, detail: FILE_TOO_LARGE };
  if (error.code === 'FST_FILES_LIMIT') return { status: 413, detail: 'Send one file at a time' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { status: 415, detail: 'Unsupported content type' };
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, detail: 'Request body is empty' };
  if (error.code?.startsWith('FST_ERR_CTP')) return { status: 400, detail: 'Request body is not valid' };
  return { status, detail: error.message };
}

/**
 * A value the database cannot store (a NUL character, a number out of range, text too long for its
 * column): the validation should have refused it; if one slips through it is still the caller's 422.
 */
const DATA_ERROR_CODES = new Set(['22P05', '22021', '22003', '22001', '22007', '22008', '54000']);

/**
 * What the multipart parser (busboy) throws for a body cut off by a dropped connection or not multipart at all:
 * plain errors without a status, told apart by their words.
 */
const MULTIPART_BROKEN =
  /unexpected end of (multipart data|form)|malformed part header|boundary not found|multipart: /i;

function databaseDataError(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code;
  const causeCode = (error as { cause?: { code?: unknown } }).cause?.code;
  return DATA_ERROR_CODES.has(String(code)) || DATA_ERROR_CODES.has(String(causeCode));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds) reply.header('retry-after', error.options.retryAfterSeconds);
      return reply.status(error.status).send({ detail: error.detail });
    }
    if (error instanceof InvalidInput) return reply.status(422).send({ detail: error.items });
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(422).send({ detail: validationDetail(error) });
    }
    const clientError = frameworkClientError(error);
    if (clientError) return reply.status(clientError.status).send({ detail: clientError.detail });
    if (request.isMultipart() && MULTIPART_BROKEN.test(error.message)) {
      return reply
        .status(400)
        .send({ detail: 'The upload arrived incomplete or malformed: please send it again' });
    }
    if (databaseDataError(error)) {
      request.log.warn({ err: error }, 'a value the database cannot store reached it');
      return reply
        .status(422)
        .send({ detail: 'A value is out of range or holds characters that cannot be stored' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error', request_id: request.id });
  });
}
