import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { dataDirProblem, StartupError } from './data-dir.ts';

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'PORT must be a port number (0-65535)' })
    .int({ error: 'PORT must be a port number (0-65535)' })
    .min(0, { error: 'PORT must be a port number (0-65535)' })
    .max(65535, { error: 'PORT must be a port number (0-65535)' })
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ error: 'DATABASE_URL must be a postgres:// URL' })
    .refine((url) => /^postgres(ql)?:\/\//.test(url), { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .refine((url) => /^smtps?:\/\//.test(url), { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Naira Ledger <no-reply@nairaledger.local>'),
  PUBLIC_URL: z.url().optional(),
  PLAN_PRICE_MONTHLY_NAIRA: z.coerce.number().int().min(0).default(15_000),
  PLAN_PRICE_YEARLY_NAIRA: z.coerce.number().int().min(0).default(180_000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_SLOWDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  IMPORT_MAX_ZIP_MB: z.coerce.number().int().min(1).max(2048).default(100),
  IMPORT_MAX_UNZIPPED_MB: z.coerce.number().int().min(1).max(8192).default(400),
  IDEMPOTENCY_KEY_HOURS: z.coerce
    .number({ error: 'IDEMPOTENCY_KEY_HOURS must be a whole number of hours (1 to 8760)' })
    .int({ error: 'IDEMPOTENCY_KEY_HOURS must be a whole number of hours (1 to 8760)' })
    .min(1, { error: 'IDEMPOTENCY_KEY_HOURS must be a whole number of hours (1 to 8760)' })
    .max(8760, { error: 'IDEMPOTENCY_KEY_HOURS must be a whole number of hours (1 to 8760)' })
    .default(168),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  PAYSTACK_SECRET_KEY: z.string().min(8).optional(),
  PAYSTACK_BASE_URL: z.url({ error: 'PAYSTACK_BASE_URL must be a URL' }).default('https://api.paystack.co'),
  MONO_SECRET_KEY: z.string().min(8).optional(),
  MONO_PUBLIC_KEY: z.string().min(8).optional(),
  MONO_BASE_URL: z.url({ error: 'MONO_BASE_URL must be a URL' }).default('https://api.withmono.com'),
  ADMIN_ACCESS_CODE: z
    .string()
    .min(8, { error: 'ADMIN_ACCESS_CODE must be at least 8 characters' })
    .optional(),
  S3_BUCKET: z.string().min(3, { error: 'S3_BUCKET must be a bucket name' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be a URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9/_-]*$/i, { error: 'S3_PREFIX may hold letters, digits, /, _ and - only' })
    .default(''),
});

export type TConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  sessionTtlSeconds: number;
  logLevel: z.infer<typeof ZEnvSchema>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  planPricesKobo: { monthlyKobo: number; yearlyKobo: number };
  loginLimits: { perAccount: number; perAddress: number; windowMinutes: number };
  /** Past the limits, a browser the account never used waits this long, doubling with each failure. */
  loginSlowdownSeconds: number;
  sessionCacheSeconds: number;
  /** The largest business export the import takes, and the most its entries may hold once unzipped. */
  importLimits: TImportLimits;
  /** How long the answer to an Idempotency-Key is kept and replayed. */
  idempotencyKeyHours: number;
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** Paystack's API when a secret key is set; without one, the embedded test checkout. */
  paystack: { secretKey: string | undefined; baseUrl: string };
  /** Mono's API when a secret key is set; without one, the embedded test widget. */
  mono: { secretKey: string | undefined; publicKey: string | undefined; baseUrl: string };
  /** The platform operator's Vendor Admin code (checked by the server only); without it the console is closed. */
  adminAccessCode: string | undefined;
  /** Uploads in S3-compatible object storage when a bucket is named; otherwise in the database or DATA_DIR. */
  s3: TS3Config | null;
};

export type TImportLimits = { zipBytes: number; unzippedBytes: number };

export type TS3Config = {
  bucket: string;
  region: string;
  /** A MinIO, R2 or Spaces address; AWS itself when absent. */
  endpoint: string | undefined;
  /** Both, or neither (then the AWS SDK's usual places: environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Put before every key, e.g. `naira-ledger/`. */
  prefix: string;
};

export class ConfigError extends Error {}

/** Reads the environment once. A bad value throws one ConfigError naming every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    sessionTtlSeconds: e.SESSION_TTL_HOURS * 3600,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    planPricesKobo: {
      monthlyKobo: e.PLAN_PRICE_MONTHLY_NAIRA * 100,
      yearlyKobo: e.PLAN_PRICE_YEARLY_NAIRA * 100,
    },
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    loginSlowdownSeconds: e.LOGIN_SLOWDOWN_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    importLimits: {
      zipBytes: e.IMPORT_MAX_ZIP_MB * 1024 * 1024,
      unzippedBytes: e.IMPORT_MAX_UNZIPPED_MB * 1024 * 1024,
    },
    idempotencyKeyHours: e.IDEMPOTENCY_KEY_HOURS,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY === 'true',
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, '') },
    mono: {
      secretKey: e.MONO_SECRET_KEY,
      publicKey: e.MONO_PUBLIC_KEY,
      baseUrl: e.MONO_BASE_URL.replace(/\/+$/, ''),
    },
    adminAccessCode: e.ADMIN_ACCESS_CODE,
    s3: s3Config(e),
  };
}

/** The S3_* settings: none, or a bucket and what goes with it. */
function s3Config(e: z.infer<typeof ZEnvSchema>): TS3Config | null {
  const others = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_FORCE_PATH_STYLE];
  if (!e.S3_BUCKET) {
    if (others.some((value) => value !== undefined) || e.S3_PREFIX)
      throw new ConfigError('Invalid configuration: S3_BUCKET: required when other S3_* settings are given');
    return null;
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: give both or neither',
    );
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    prefix: e.S3_PREFIX && !e.S3_PREFIX.endsWith('/') ? `${e.S3_PREFIX}/` : e.S3_PREFIX,
  };
}

/** The embedded default: a secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    const line = dataDirProblem(dataDir, error);
    throw line ? new StartupError(line) : error;
  }
}
