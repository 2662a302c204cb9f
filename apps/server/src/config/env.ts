import { z } from 'zod';
import type { S3Settings } from '../storage/s3ImageStorage';

const url = (name: string) =>
  z
    .string()
    .url(`${name} must be a full URL such as http://localhost:3000`)
    .transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url('APP_URL').optional(),
  PUBLISH_URL: url('PUBLISH_URL').optional(),
  BASE_PATH: z
    .string()
    .default('')
    .refine((value) => value === '' || /^\/[A-Za-z0-9._~\-/]*[^/]$/.test(value), {
      message: 'BASE_PATH must be empty or start with "/" and not end with "/", for example /app',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  SUPPORT_EMAIL: z.string().email('SUPPORT_EMAIL must be an email address').default('support@quizbeam.app'),
  HELP_URL: url('HELP_URL').default('https://quizbeam.app/help'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters long').optional(),
  TRUST_PROXY: z.enum(['true', 'false'], 'TRUST_PROXY must be true or false').default('false'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: url('S3_ENDPOINT').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: url('S3_PUBLIC_URL').optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false')
    .default('false'),
});

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  publishUrl: string;
  basePath: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  supportEmail: string;
  helpUrl: string;
  /** Unset means: generate once and keep under dataDir (see loadSessionSecret). */
  sessionSecret: string | undefined;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits need it). */
  trustProxy: boolean;
  /** Set when S3_BUCKET is set: images go to S3; otherwise to DATA_DIR/uploads. */
  s3: S3Settings | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates every setting in one place; throws a ConfigError listing each bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Quizbeam cannot start, the configuration is invalid:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    appUrl: values.APP_URL ?? `http://localhost:${values.PORT}`,
    publishUrl: values.PUBLISH_URL ?? `http://127.0.0.1:${values.PORT}`,
    basePath: values.BASE_PATH,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    supportEmail: values.SUPPORT_EMAIL,
    helpUrl: values.HELP_URL,
    sessionSecret: values.SESSION_SECRET,
    trustProxy: values.TRUST_PROXY === 'true',
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          publicUrl: values.S3_PUBLIC_URL,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
  };
}
