import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3-compatible server for tests, speaking the part of the S3 REST API the app uses, path-style
 * (`/<bucket>/<key>`): PutObject, GetObject, DeleteObject, ListObjectsV2 (paged by `pageSize`) and
 * DeleteObjects, with S3's XML errors. A request not signed with AWS Signature V4 by `accessKeyId` is
 * refused (AccessDenied), as S3 does.
 */
export async function startS3Server(options: { bucket: string; accessKeyId: string; pageSize?: number }) {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; path: string }[] = [];
  const pageSize = options.pageSize ?? 1000;

  const xml = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    xml(res, status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const unescape = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');

  async function bodyOf(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    return req.headers['content-encoding']?.includes('aws-chunked') ? dechunk(raw) : raw;
  }

  function list(res: ServerResponse, query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    const start = Number(query.get('continuation-token') ?? 0);
    const page = keys.slice(start, start + pageSize);
    const truncated = start + pageSize < keys.length;
    xml(
      res,
      200,
      `<ListBucketResult><Name>${options.bucket}</Name><Prefix>${escape(prefix)}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${start + pageSize}</NextContinuationToken>` : '') +
        page
          .map(
            (key) => `<Contents><Key>${escape(key)}</Key><Size>${objects.get(key)!.length}</Size></Contents>`,
          )
          .join('') +
        `</ListBucketResult>`,
    );
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      requests.push({ method: req.method ?? '', path: url.pathname });
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`))
        return error(res, 403, 'AccessDenied', 'Access Denied');
      const [, bucket, ...rest] = url.pathname.split('/');
      if (bucket !== options.bucket)
        return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = decodeURIComponent(rest.join('/'));
      if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2')
        return list(res, url.searchParams);
      if (!key && req.method === 'POST' && url.searchParams.has('delete')) {
        const keys = [...(await bodyOf(req)).toString('utf8').matchAll(/<Key>(.*?)<\/Key>/g)].map((m) =>
          unescape(m[1]!),
        );
        for (const k of keys) objects.delete(k);
        return xml(res, 200, `<DeleteResult></DeleteResult>`);
      }
      if (!key) return error(res, 400, 'InvalidRequest', 'Not supported here');
      if (req.method === 'PUT') {
        objects.set(key, await bodyOf(req));
        res.writeHead(200, { etag: '"local"' });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
        return res.end(object);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
    })().catch((failure: unknown) => error(res, 500, 'InternalError', String(failure)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The payload of an `aws-chunked` body: `<hex size>;chunk-signature=…\r\n<bytes>\r\n`…, trailers after the 0 chunk. */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
