/**
 * Server configuration from the environment:
 *   PORT (8080), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (unset: embedded PGlite),
 *   SESSION_TTL_HOURS (12: idle timeout of a session), TRUST_PROXY (1: take the client
 *   address from X-Forwarded-For, only behind a reverse proxy that sets it),
 *   SMTP_HOST, SMTP_PORT (587), SMTP_USER, SMTP_PASS, SMTP_FROM, SMTP_SECURE (1: TLS from
 *   the first byte, usually port 465), TIME_ZONE (Asia/Shanghai: the zone whose calendar
 *   day is "today" for depreciation and expiry; an IANA name), CODE_REQUESTS_PER_HOUR (30:
 *   verification-code requests one client address may make an hour).
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CODE_REQUESTS_PER_HOUR } from './modules/login-limit/code-requests.ts';

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
  /**
   * The paid model (ASSETMARK_PAID_MODEL=on): the VIP features (roles) follow each company's
   * VIP flag. Off, the default for a self-hosted installation: every company is VIP.
   */
  paidModel: boolean;
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
  ASSETMARK_PAID_MODEL: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(['on', 'off', '1', '0', 'true', 'false'], { message: 'expected on or off' }))
    .transform((v) => v === 'on' || v === '1' || v === 'true')
    .default(false),
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
    paidModel: e.ASSETMARK_PAID_MODEL,
  };
}
