/** Where product images are rendered and kept: the data folder, or an S3-compatible bucket. */
import { z } from 'zod';
import { flag, optionalText, whole } from './env-fields.ts';

export interface MediaS3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (R2, MinIO, ...); undefined: AWS S3. */
  endpoint: string | undefined;
  /** Both or neither; neither: the AWS SDK's credential chain (AWS_* variables, a machine role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path (`https://host/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/** Where images are rendered and kept (see crossProblems for the S3 variables that go together). */
export const mediaEnv = z.object({
  MEDIA_RENDER_CONCURRENCY: whole('MEDIA_RENDER_CONCURRENCY', 1, 2),
  MEDIA_S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'MEDIA_S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  MEDIA_S3_ENDPOINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'MEDIA_S3_ENDPOINT must be an http:// or https:// URL' })
      .optional(),
  ),
  MEDIA_S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9-]{1,32}$/,
        'MEDIA_S3_REGION must be a region name, such as eu-west-1 or auto',
      )
      .optional(),
  ),
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  MEDIA_S3_FORCE_PATH_STYLE: flag('MEDIA_S3_FORCE_PATH_STYLE'),
});

/** The S3-compatible bucket images live in; undefined: the folder DATA_DIR/media. */
export function mediaS3Config(env: z.infer<typeof mediaEnv>): MediaS3Config | undefined {
  return env.MEDIA_S3_BUCKET
    ? {
        bucket: env.MEDIA_S3_BUCKET,
        region: env.MEDIA_S3_REGION ?? 'us-east-1',
        endpoint: env.MEDIA_S3_ENDPOINT,
        accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
        secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE ?? false,
      }
    : undefined;
}
