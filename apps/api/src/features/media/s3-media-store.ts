import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { createOutboundPolicy, type OutboundPolicy } from '../../adapters/outbound.ts';
import type { MediaS3Config } from '../../config.ts';
import type { MediaStore } from './media-store.ts';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

const isAnswer = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode ?? 500) < 500 &&
  error.$metadata.httpStatusCode !== 429;

/** Failures of the network under a call, as Node names them: the store itself cannot be reached. */
const NETWORK_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
]);

/**
 * The bucket's endpoint could not be reached. Named apart from the database's own failures, so a
 * start that fails on it says which service to check.
 */
export class MediaStoreUnreachableError extends Error {
  override name = 'MediaStoreUnreachableError';
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...) that every machine of the shop
 * shares: an image stored or rendered by one is served by all.
 */
export function createS3MediaStore(
  config: MediaS3Config,
  policy: OutboundPolicy = createOutboundPolicy('s3'),
): MediaStore {
  const client = new S3Client({
    // The SDK waits forever by default. A connection gets the policy's time, and a socket may
    // stay silent that long; a whole request is not bounded, as an upload of a large original
    // or a stream to a slow browser may rightly take longer.
    requestHandler: { connectionTimeout: policy.timeoutMs, socketTimeout: policy.timeoutMs },
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Unset keys: the SDK's own chain (AWS_* variables, a role of the machine).
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 demands them: several S3-compatible stores refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const where = config.endpoint ?? `the bucket ${Bucket}`;
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        // Under the bucket's breaker; a missing object or a refusal (4xx) is an answer.
        return await policy.run(() => next(args), { answered: isAnswer, timeout: false });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && NETWORK_FAILURES.has(code)) {
          throw new MediaStoreUnreachableError(
            `Cannot reach the media store of MEDIA_S3_* (${where}): ${(error as Error).message}`,
            { cause: error },
          );
        }
        throw error;
      }
    },
    { step: 'initialize', name: 'mediaStoreUnreachable' },
  );

  async function get(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    kind: 's3',
    async read(key) {
      const object = await get(key);
      if (!object?.Body) return undefined;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async open(key) {
      const object = await get(key);
      if (!object?.Body) return undefined;
      return {
        body: object.Body as Readable,
        ...(object.ContentLength === undefined ? {} : { size: object.ContentLength }),
      };
    },
    async write(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async close() {
      client.destroy();
    },
  };
}
