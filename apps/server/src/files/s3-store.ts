import type { Readable } from "node:stream";
import { type FileStore, isStoreKey } from "./store";

export interface S3StoreConfig {
  bucket: string;
  /** Unset for AWS itself; the server's URL for MinIO, R2, a local test server. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (an instance role, say). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path rather than the host name: what MinIO and most local servers need. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installations ("taller/"). */
  prefix: string;
}

/**
 * Files in S3-compatible object storage. The bytes still reach browsers through /files (routes.ts), never by a
 * presigned or public URL, so every download keeps the server's own checks.
 */
export async function createS3FileStore(config: S3StoreConfig): Promise<FileStore> {
  // Loaded only when configured: the SDK costs a disk-only server megabytes of memory and start time.
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } =
    await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: the optional CRC headers newer SDKs add by default are not understood
    // by every S3-compatible server.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const keyOf = (id: string) => {
    // The same keys as on disk: a malformed id must never address another installation's objects.
    if (!isStoreKey(id)) throw new Error(`invalid file id ${JSON.stringify(id)}`);
    return `${config.prefix}${id}`;
  };
  return {
    async put(id, bytes) {
      // One PUT is atomic in S3: a reader sees the whole object or none.
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(id), Body: bytes }));
    },
    async get(id) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(id) }));
        // In Node the body is the HTTP response itself: a Readable.
        return (found.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(id) {
      // S3 answers a delete of a missing key with success, as the disk store does.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(id) }));
    },
  };
}
