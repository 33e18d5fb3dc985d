import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { TS3Config } from '../config.ts';
import { checkedKey, type TFileStorage } from './file-storage.ts';

/** S3 deletes at most this many objects a request. */
const DELETE_BATCH = 1000;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Files in S3-compatible object storage (AWS, MinIO, R2, Spaces), shared by every process of the app.
 * A file stored before the bucket was set (in the database or under DATA_DIR) is still read from there.
 */
export function createS3Storage(
  config: TS3Config,
  earlierFiles: TFileStorage,
): TFileStorage & {
  close: () => void;
} {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => `${config.prefix}${checkedKey(key)}`;

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  return {
    async put(key, content) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: content, ContentLength: content.length }),
      );
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (object.Body instanceof Readable) return object.Body;
        const bytes = await object.Body?.transformToByteArray();
        return Readable.from([Buffer.from(bytes ?? [])]);
      } catch (error) {
        if (isMissing(error)) return earlierFiles.read(key);
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      await earlierFiles.remove(key);
    },
    async removeAll(prefix) {
      const keys = await keysUnder(`${objectKey(prefix)}/`);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const Objects = keys.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
      await earlierFiles.removeAll(prefix);
    },
    close: () => client.destroy(),
  };
}
