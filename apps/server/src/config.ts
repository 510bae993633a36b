import path from 'node:path';
import { z } from 'zod';
import {
  defaultReportingFrequencySeconds,
  emailSchema,
  firstBrokenPassphraseRule,
} from '@linesight/contract';
import { defaultCommandExpireSeconds } from './modules/actions/command-state';
import type { SsoSettings } from './modules/sso/sso.service';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The environment the server reads, validated once at start; nothing else reads process.env. */
const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    BUILD_ID: z.string().min(1).optional(),
    ADMIN_EMAIL: emailSchema.optional(),
    ADMIN_PASSPHRASE: z.string().optional(),
    LOCKOUT_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOCKOUT_SECONDS: seconds(300),
    SESSION_IDLE_SECONDS: seconds(3600),
    SESSION_MAX_SECONDS: seconds(12 * 3600),
    SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    RESET_TOKEN_MINUTES: z.coerce.number().int().positive().default(60),
    RESET_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(5),
    FORGOT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    REPORT_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 1024 * 1024),
    CWMP_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(4 * 1024 * 1024),
    CWMP_INFORM_INTERVAL_SECONDS: seconds(300),
    CWMP_SESSION_TIMEOUT_SECONDS: seconds(30),
    CWMP_NONCE_SECRET: z.string().min(16).optional(),
    TRUST_PROXY: z.stringbool().default(false),
    API_DOCS: z.stringbool().default(true),
    RETENTION_DAYS_60S: z.coerce.number().positive().default(2),
    RETENTION_DAYS_900S: z.coerce.number().positive().default(14),
    RETENTION_DAYS_7200S: z.coerce.number().positive().default(90),
    RETENTION_DAYS_28800S: z.coerce.number().positive().default(400),
    AUDIT_RETENTION_DAYS: z.coerce.number().positive().default(400),
    COMMAND_EXPIRE_SECONDS: z.coerce
      .number()
      .int()
      .min(5)
      .max(86_400)
      .default(defaultCommandExpireSeconds),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ROLE_CLAIM: z.string().min(1).default('roles'),
    OIDC_ADMIN_ROLES: z.string().min(1).default('Admin'),
    OIDC_CSR_ROLES: z.string().min(1).default('CSR'),
    OIDC_ALLOW_HTTP: z.stringbool().default(false),
    DEVICE_MANAGER_URL: z.url({ protocol: /^https?$/ }).optional(),
    MAP_TILE_URL: z
      .string()
      .regex(
        /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/,
        'must be an http(s) URL template with {z}, {x} and {y}',
      )
      .optional(),
    MAP_TILE_ATTRIBUTION: z.string().min(1).optional(),
    FEEDBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
    DEMO_GATEWAYS: z.coerce.number().int().min(0).max(10_000).default(50),
    DEMO_BACKFILL_DAYS: z.coerce.number().int().min(0).max(400).default(30),
    DEMO_SEED: z.coerce.number().int().min(0).default(1),
    REPORTING_FREQUENCY_SECONDS: z.coerce
      .number()
      .int()
      .min(defaultReportingFrequencySeconds)
      .default(defaultReportingFrequencySeconds),
  })
  .refine(
    (env) =>
      [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every((value) => value) ||
      [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every((value) => !value),
    {
      message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
      path: ['OIDC_ISSUER'],
    },
  )
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSPHRASE === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSPHRASE go together',
    path: ['ADMIN_PASSPHRASE'],
  })
  .superRefine((env, context) => {
    if (env.ADMIN_PASSPHRASE === undefined) return;
    const broken = firstBrokenPassphraseRule(env.ADMIN_PASSPHRASE, { email: env.ADMIN_EMAIL });
    if (broken)
      context.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSPHRASE'],
        message: `breaks the passphrase policy (${broken})`,
      });
  });

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  buildId: string | undefined;
  bootstrapAdmin: { email: string; passphrase: string } | undefined;
  lockout: { maxFailures: number; seconds: number };
  session: { idleSeconds: number; maxSeconds: number };
  signInRateLimitPerMinute: number;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  passphraseReset: {
    tokenMinutes: number;
    requestsPerAddressPerHour: number;
    rateLimitPerMinute: number;
  };
  bodyLimitBytes: number;
  reportBodyLimitBytes: number;
  /** The ACS (decision 023). */
  cwmp: {
    /** The largest envelope taken. */
    bodyLimitBytes: number;
    /** The PeriodicInformInterval set on every TR-069 gateway. */
    informIntervalSeconds: number;
    /** A session idle this long is closed and what it read written. */
    sessionTimeoutSeconds: number;
    /**
     * What signs the shared URL's Digest nonces; several server processes share one. Unset, each
     * process draws its own (a nonce then works only on the process that issued it).
     */
    nonceSecret: string | undefined;
  };
  trustProxy: boolean;
  /** Serve the OpenAPI document and its viewer at /api/docs (docs/security.md says why by default). */
  apiDocs: boolean;
  /** Days each rollup tier keeps, by tier seconds. */
  retentionDays: Record<60 | 900 | 7200 | 28800, number>;
  /** Days an audit entry is kept. */
  auditRetentionDays: number;
  /**
   * Seconds a command waits for its gateway's answer before it is EXPIRED; TIMEOUT-1 and
   * TIMEOUT-2 come at a fifth and two fifths of it.
   */
  commandExpireSeconds: number;
  /** Staff single sign-on; null for local accounts. */
  sso: SsoSettings | null;
  /** An external device manager that checks consumers' credentials; unset, the built-in one. */
  deviceManagerUrl: string | undefined;
  /** The location panel's map tiles (a Leaflet URL template); unset, the world outline alone. */
  mapTiles: { url: string; attribution: string | null } | null;
  /** The feedback collector frame's address (seed 001 section 7); null for none. */
  feedbackUrl: string | null;
  /**
   * The reporting frequency the bandwidth charts assume (`maccounters.frequency`): they refresh
   * every fifth of it and zoom to no less than three of it. Each gateway reports at its own.
   */
  reportingFrequencySeconds: number;
  /** The simulated fleet `npm start` runs; 0 gateways turns it off. */
  demoFleet: { gateways: number; backfillDays: number; seed: number };
  /** Folder of the built web client; absent in API-only tests. */
  webRoot: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    buildId: e.BUILD_ID,
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSPHRASE
        ? { email: e.ADMIN_EMAIL, passphrase: e.ADMIN_PASSPHRASE }
        : undefined,
    lockout: { maxFailures: e.LOCKOUT_MAX_FAILURES, seconds: e.LOCKOUT_SECONDS },
    session: { idleSeconds: e.SESSION_IDLE_SECONDS, maxSeconds: e.SESSION_MAX_SECONDS },
    signInRateLimitPerMinute: e.SIGNIN_RATE_LIMIT_PER_MINUTE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `LineSight <no-reply@${new URL(publicUrl).hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    passphraseReset: {
      tokenMinutes: e.RESET_TOKEN_MINUTES,
      requestsPerAddressPerHour: e.RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
      rateLimitPerMinute: e.FORGOT_RATE_LIMIT_PER_MINUTE,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    reportBodyLimitBytes: e.REPORT_BODY_LIMIT_BYTES,
    cwmp: {
      bodyLimitBytes: e.CWMP_BODY_LIMIT_BYTES,
      informIntervalSeconds: e.CWMP_INFORM_INTERVAL_SECONDS,
      sessionTimeoutSeconds: e.CWMP_SESSION_TIMEOUT_SECONDS,
      nonceSecret: e.CWMP_NONCE_SECRET,
    },
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS,
    retentionDays: {
      60: e.RETENTION_DAYS_60S,
      900: e.RETENTION_DAYS_900S,
      7200: e.RETENTION_DAYS_7200S,
      28800: e.RETENTION_DAYS_28800S,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    commandExpireSeconds: e.COMMAND_EXPIRE_SECONDS,
    sso:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            redirectUri: `${publicUrl}/`,
            postLogoutRedirectUri: `${publicUrl}/sso-signed-out`,
            roleClaim: e.OIDC_ROLE_CLAIM,
            adminValues: e.OIDC_ADMIN_ROLES.split(',').map((value) => value.trim()),
            csrValues: e.OIDC_CSR_ROLES.split(',').map((value) => value.trim()),
            allowHttpIssuer: e.OIDC_ALLOW_HTTP,
          }
        : null,
    deviceManagerUrl: e.DEVICE_MANAGER_URL,
    mapTiles: e.MAP_TILE_URL
      ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION ?? null }
      : null,
    feedbackUrl: e.FEEDBACK_URL ?? null,
    reportingFrequencySeconds: e.REPORTING_FREQUENCY_SECONDS,
    demoFleet: { gateways: e.DEMO_GATEWAYS, backfillDays: e.DEMO_BACKFILL_DAYS, seed: e.DEMO_SEED },
    webRoot: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
