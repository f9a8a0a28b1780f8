import path from 'node:path';
import {
  LOCATION_RETENTION_DAYS_DEFAULT,
  RIDER_REACH_LEAD_MINUTES_DEFAULT,
} from '@dastak/core/constants';
import { embedUrlSchema } from '@dastak/core/entities/embeds';
import { z } from 'zod';
import { type DispatchConfig, dispatchConfigFrom } from '../modules/dispatch/dispatch-config';

/**
 * All configuration, read and validated once. A bad value stops the start with a message that
 * names the variable (DESIGN.md, Configuration).
 */
const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const url = z.url();

/** '30m', '6h', '1d' in milliseconds. */
function durationMs(value: string): number {
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[value.slice(-1) as 'm' | 'h' | 'd'];
  return Number(value.slice(0, -1)) * unit;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * PostgreSQL: a direct URL for the realtime LISTEN connection when DATABASE_URL goes through a
   * transaction-mode pooler (PgBouncer), which cannot carry LISTEN (ADR 0064).
   */
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** PostgreSQL: connections in each server's pool. */
  DB_POOL_MAX: z.coerce.number().int().min(2).max(500).default(20),
  ADMIN_EMAIL: z.email().default('admin@dastak.local'),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  DEMO_DATA: onOff.optional(),
  DEMO_ORDERS: z.coerce.number().int().min(0).default(20_000),
  DEMO_STAFF_PASSWORD: z.string().min(6).default('dastak123'),
  PUBLIC_URL: url.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /**
   * Customer text messages (ADR 0038): an HTTP endpoint taking a JSON POST {to, text, reference};
   * unset, each message is written to DATA_DIR/outbox as sms-KEY.json instead.
   */
  SMS_URL: url.optional(),
  /** Where a fully satisfied customer is invited to leave a maps review (ADR 0038). */
  MAPS_REVIEW_URL: url.default(
    'https://www.google.com/maps/search/?api=1&query=Dastak+Home+Diagnostics',
  ),
  /** The support line the public pages point to (expired links, errors). */
  SUPPORT_PHONE: z.string().min(3).max(40).default('021-111-327-825'),
  /**
   * A team's own reporting tool (Metabase, Superset) and issue tracker, framed by the
   * console instead of its built-in /reporting-dashboard and /issue-reporting pages.
   */
  REPORTING_URL: embedUrlSchema.optional(),
  ISSUE_REPORTING_URL: embedUrlSchema.optional(),
  /** Where each new issue report is emailed (through the outbox); unset, none is. */
  SUPPORT_EMAIL: z.email().optional(),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  GEOCODER_URL: url.optional(),
  OSRM_URL: url.optional(),
  SENTRY_DSN: url.optional(),
  /** Opens GET /api/metrics to a Prometheus scraper sending it as a Bearer token (ADR 0033). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Web push keys (docs/decisions/0029): unset, a pair is made on first start and stored. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
    .optional(),
  /** Accept plain-http push endpoints on loopback (tests' local push service); never in production. */
  PUSH_ALLOW_HTTP: onOff.default(false),
  /** Accept plain-http webhook addresses on loopback (tests' subscribers); never in production. */
  WEBHOOK_ALLOW_HTTP: onOff.default(false),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Behind a reverse proxy, trust X-Forwarded-For for the client address (rate limits). */
  TRUST_PROXY: onOff.default(false),
  /** Raw rider pings older than this many days are pruned; roll-ups stay (docs/decisions/0037). */
  LOCATION_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(3650, 'must be at most 3650 days')
    .default(LOCATION_RETENTION_DAYS_DEFAULT),
  /** A rider may mark an order reached from this many minutes before its slot (ADR 0055). */
  RIDER_REACH_LEAD_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(0, 'must be at least 0 minutes')
    .max(1440, 'must be at most 1440 minutes')
    .default(RIDER_REACH_LEAD_MINUTES_DEFAULT),
  /** Scheduled backups (ADR 0069): taken into this folder, each verified; unset, none are. */
  BACKUP_DIR: z.string().optional(),
  /** How often: a number with m, h or d (30m, 6h, 1d). */
  BACKUP_EVERY: z
    .string()
    .regex(/^\d+[mhd]$/, 'must be a number with m, h or d, e.g. 6h')
    .transform(durationMs)
    .refine((ms) => ms >= 60_000, 'must be at least 1m')
    .default(24 * 3_600_000),
  /** How many verified backups to keep; older ones are removed. */
  BACKUP_KEEP: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONSOLE_DIST: z.string().optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DEMO_DATA' | 'DATA_DIR'> & {
  DATA_DIR: string;
  /** Resolved: on for a new embedded database, off with DATABASE_URL unless set. */
  DEMO_DATA: boolean;
  PUBLIC_URL: string;
  CONSOLE_DIST: string;
  /** Dispatch tunables with their AUTO_ASSIGN_* / DISPATCH_* overrides (docs/decisions/0009). */
  dispatch: DispatchConfig;
};

export class ConfigError extends Error {}

/**
 * Settings that start but are likely a mistake, for the start to log as warnings. On
 * PostgreSQL (a deployment, not a laptop) a PUBLIC_URL left unset makes every customer link
 * point at localhost.
 */
export function configWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (env.DATABASE_URL && !env.PUBLIC_URL) {
    warnings.push(
      'PUBLIC_URL is not set: the links sent to customers (tracking, feedback) will point at ' +
        'localhost. Set PUBLIC_URL to the address customers open, e.g. https://dastak.example.pk',
    );
  }
  return warnings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (!c.VAPID_PUBLIC_KEY !== !c.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
    );
  }
  let dispatch: DispatchConfig;
  try {
    dispatch = dispatchConfigFrom(cleaned);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  return {
    dispatch,
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    BACKUP_DIR: c.BACKUP_DIR === undefined ? undefined : path.resolve(c.BACKUP_DIR),
    DEMO_DATA: c.DEMO_DATA ?? !c.DATABASE_URL,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    CONSOLE_DIST: path.resolve(
      c.CONSOLE_DIST ?? path.join(import.meta.dirname, '../../../console/dist'),
    ),
  };
}
