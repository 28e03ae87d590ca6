/**
 * Server configuration from the environment:
 *   PORT (8080), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (unset: embedded PGlite),
 *   SESSION_TTL_HOURS (12: idle timeout of a session), TRUST_PROXY (1: take the client
 *   address from X-Forwarded-For, only behind a reverse proxy that sets it),
 *   SMTP_HOST, SMTP_PORT (587), SMTP_USER, SMTP_PASS, SMTP_FROM, SMTP_SECURE (1: TLS from
 *   the first byte, usually port 465), TIME_ZONE (Asia/Shanghai: the zone whose calendar
 *   day is "today" for depreciation and expiry; an IANA name), CODE_REQUESTS_PER_HOUR (30:
 *   verification-code requests one client address may make an hour), IMPORT_MAX_ROWS (100000:
 *   data rows one import file may have), IMPORT_MAX_CELLS (3000000: filled cells of one
 *   file), IMPORT_WORKERS (1: import files parsed at a time, the rest wait in order),
 *   IMPORT_WORKER_HEAP_MB (1024: heap of a parse worker; over it the file is "too large"),
 *   IMPORT_PARSE_TIMEOUT_MS (120000: time one file may take to parse; over it it is refused),
 *   IMPORT_LEASE_MS (30000: an import job is its instance's while it beats within this; a job
 *   of an instance that died is taken over that long after its last beat), IMPORT_CLAIM_EVERY_MS
 *   (5000: how often an instance looks for such jobs),
 *   PUBLIC_ORIGIN (unset: the request's own; the scheme, host and port asset links on labels
 *   start with, e.g. https://assets.example.com, needed behind a proxy that changes the host),
 *   TEMPLATE_CORS_ORIGINS (unset: none; comma list of web-app origins allowed to call the
 *   label-template routes from another address, VITE_TEMPLATE_API_BASE of the client),
 *   ASSETMARK_DEMO_DATA (on: the demo company gets its sample data at start while it is empty;
 *   off: the demo account is still made, its company stays empty),
 *   PICTURE_URL_PRIVATE_ADDRESSES (off: POST api/File/FromUrl refuses addresses on loopback,
 *   private, link-local, unique-local or unspecified networks; on: allowed, for intranets),
 *   PICTURE_URL_TIMEOUT_MS (10000: time one picture fetch may take, redirects included).
 *   Tests only: IMPORT_CHECK_PAUSE_MS, IMPORT_TEST_PAUSE_AT + IMPORT_TEST_MARKER_DIR.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CODE_REQUESTS_PER_HOUR } from './modules/login-limit/code-requests.ts';
import { DEFAULT_IMPORT_LIMITS, IMPORT_STAGES, type ImportLimits, type ImportStage } from './modules/import-export/limits.ts';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The built web app; undefined serves the API only. */
  distDir?: string;
  smtp?: SmtpConfig;
  session: {
    /** A session ends after this long without a request (sliding). */
    idleHours: number;
    /** ... and this long after login whatever happens. */
    absoluteHours: number;
  };
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** Verification-code requests one client address may make an hour, whatever the targets. */
  codeRequestsPerHour: number;
  /** IANA time zone whose date is "today" for depreciation and expiry bands. */
  timeZone: string;
  /** Pause of a background import between two slices of checked rows (0: none). Browser tests only. */
  importCheckPauseMs?: number;
  /** Rows, cells, parse workers at a time and their heap (modules/import-export/limits.ts). */
  imports: ImportLimits;
  /**
   * Tests only (the kill -9 test): an import reaching `stage` writes the file `stage` into
   * `markerDir` and waits there for ever, so a test kills the process at a known point.
   */
  importTestPause?: { stage: ImportStage; markerDir: string };
  /**
   * The paid model (ASSETMARK_PAID_MODEL=on): the VIP features (roles) follow each company's
   * VIP flag. Off, the default for a self-hosted installation: every company is VIP.
   */
  paidModel: boolean;
  /** Origin of asset links ('https://host[:port]'); undefined: the request's. */
  publicOrigin?: string;
  /** Web-app origins answered with CORS on the label-template routes (http/template-cors.ts). */
  templateCorsOrigins: string[];
  /** The demo company's sample data (modules/demo); ASSETMARK_DEMO_DATA=off leaves it out. */
  demoData: boolean;
  /** Pictures fetched by web address (modules/files/from-url.ts). */
  pictureUrl: PictureUrlConfig;
}

export interface PictureUrlConfig {
  /** Addresses on loopback, private, link-local, unique-local or unspecified networks allowed. */
  privateAddresses: boolean;
  /** Time one fetch may take, redirects included, in ms. */
  timeoutMs: number;
}

/** The product is Chinese first (spec section 1): its calendar day by default. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** An origin: scheme, host, optional port, nothing after (a trailing slash is dropped). */
const origin = z
  .string()
  .transform((v) => v.trim().replace(/\/+$/, ''))
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === v;
    } catch {
      return false;
    }
  }, 'expected an origin such as https://host:port');

/** A switch: on/off (also 1/0, true/false), any case. */
const onOff = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['on', 'off', '1', '0', 'true', 'false'], { message: 'expected on or off' }))
  .transform((v) => v === 'on' || v === '1' || v === 'true');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText,
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 7).default(12),
  TRUST_PROXY: flag,
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: flag,
  SMTP_USER: optionalText,
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: optionalText,
  TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'not a known time zone')
    .default(DEFAULT_TIME_ZONE),
  CODE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_CODE_REQUESTS_PER_HOUR),
  IMPORT_CHECK_PAUSE_MS: z.coerce.number().int().min(0).max(1000).default(0),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_IMPORT_LIMITS.maxRows),
  IMPORT_MAX_CELLS: z.coerce.number().int().min(1).max(50_000_000).default(DEFAULT_IMPORT_LIMITS.maxCells),
  IMPORT_WORKERS: z.coerce.number().int().min(1).max(64).default(DEFAULT_IMPORT_LIMITS.workers),
  IMPORT_WORKER_HEAP_MB: z.coerce.number().int().min(32).max(65_536).default(DEFAULT_IMPORT_LIMITS.workerHeapMb),
  IMPORT_PARSE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(DEFAULT_IMPORT_LIMITS.parseMs),
  IMPORT_LEASE_MS: z.coerce.number().int().min(300).max(3_600_000).default(DEFAULT_IMPORT_LIMITS.leaseMs),
  IMPORT_CLAIM_EVERY_MS: z.coerce.number().int().min(50).max(3_600_000).default(DEFAULT_IMPORT_LIMITS.claimEveryMs),
  IMPORT_TEST_PAUSE_AT: z.enum(IMPORT_STAGES).optional(),
  IMPORT_TEST_MARKER_DIR: optionalText,
  ASSETMARK_PAID_MODEL: onOff.default(false),
  ASSETMARK_DEMO_DATA: onOff.default(true),
  PICTURE_URL_PRIVATE_ADDRESSES: onOff.default(false),
  PICTURE_URL_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  PUBLIC_ORIGIN: origin.optional(),
  TEMPLATE_CORS_ORIGINS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(origin))
    .default([]),
});

/** Absolute session lifetime: 7 days, in hours. */
export const SESSION_ABSOLUTE_HOURS = 7 * 24;
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Config {
  // An empty variable (PORT=) means "not set", not zero.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    distDir: resolve(cwd, 'dist'),
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM ?? e.SMTP_USER ?? 'assetmark@localhost',
        }
      : undefined,
    session: { idleHours: e.SESSION_TTL_HOURS, absoluteHours: SESSION_ABSOLUTE_HOURS },
    bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    codeRequestsPerHour: e.CODE_REQUESTS_PER_HOUR,
    timeZone: e.TIME_ZONE,
    importCheckPauseMs: e.IMPORT_CHECK_PAUSE_MS,
    imports: {
      maxRows: e.IMPORT_MAX_ROWS,
      maxCells: e.IMPORT_MAX_CELLS,
      workers: e.IMPORT_WORKERS,
      workerHeapMb: e.IMPORT_WORKER_HEAP_MB,
      parseMs: e.IMPORT_PARSE_TIMEOUT_MS,
      leaseMs: e.IMPORT_LEASE_MS,
      claimEveryMs: e.IMPORT_CLAIM_EVERY_MS,
    },
    importTestPause:
      e.IMPORT_TEST_PAUSE_AT && e.IMPORT_TEST_MARKER_DIR
        ? { stage: e.IMPORT_TEST_PAUSE_AT, markerDir: resolve(cwd, e.IMPORT_TEST_MARKER_DIR) }
        : undefined,
    paidModel: e.ASSETMARK_PAID_MODEL,
    publicOrigin: e.PUBLIC_ORIGIN,
    templateCorsOrigins: e.TEMPLATE_CORS_ORIGINS,
    demoData: e.ASSETMARK_DEMO_DATA,
    pictureUrl: { privateAddresses: e.PICTURE_URL_PRIVATE_ADDRESSES, timeoutMs: e.PICTURE_URL_TIMEOUT_MS },
  };
}
