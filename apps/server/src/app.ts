import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from './clock';
import { acsRoutes } from './cwmp/acs.routes';
import { AcsService, defaultAcsSettings } from './cwmp/acs.service';
import { CwmpRepository } from './cwmp/cwmp.repository';
import { AcsAuthenticator } from './cwmp/http-auth';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { inTransaction } from './db/transaction';
import { declarePublicRoutes, registerAccessControl } from './http/access';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { registerPrivacyHeaders } from './http/privacy-headers';
import { registerRequestLog } from './http/request-log';
import { registerTextGuard } from './http/text-guard';
import { statementSizes } from './db/event-loop';
import { IngestRepository } from './ingest/ingest.repository';
import { IngestService } from './ingest/ingest.service';
import { reportRoutes } from './ingest/report.routes';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { PassphraseHasher } from './modules/auth/passphrase-hasher';
import { ActionsRepository } from './modules/actions/actions.repository';
import { ActionsService } from './modules/actions/actions.service';
import { commandTimeoutsFor } from './modules/actions/command-state';
import { commandsRoutes } from './ingest/commands.routes';
import { AuditRepository } from './modules/audit/audit.repository';
import { auditRoutes } from './modules/audit/audit.routes';
import { AuditService } from './modules/audit/audit.service';
import { consumersRoutes } from './modules/consumers/consumers.routes';
import { ConsumersService } from './modules/consumers/consumers.service';
import { BuiltInDeviceManager, HttpDeviceManager } from './modules/consumers/device-manager';
import { DevicesRepository } from './modules/devices/devices.repository';
import { SsoRepository } from './modules/sso/sso.repository';
import { ssoRoutes } from './modules/sso/sso.routes';
import { SsoService } from './modules/sso/sso.service';
import { devicesRoutes } from './modules/devices/devices.routes';
import { DevicesService } from './modules/devices/devices.service';
import { healthRoutes } from './modules/health/health.routes';
import { mapRoutes, tileImageSource } from './modules/map/map.routes';
import { bandwidthRoutes } from './modules/monitoring/bandwidth.routes';
import { BandwidthService } from './modules/monitoring/bandwidth.service';
import { HomeNetworkRepository } from './modules/monitoring/home-network.repository';
import { homeNetworkRoutes } from './modules/monitoring/home-network.routes';
import { HomeNetworkService } from './modules/monitoring/home-network.service';
import { LineHealthRepository } from './modules/monitoring/line-health.repository';
import { lineHealthRoutes } from './modules/monitoring/line-health.routes';
import { LineHealthService } from './modules/monitoring/line-health.service';
import { siteSurveyRoutes } from './modules/monitoring/site-survey.routes';
import { SiteSurveyService } from './modules/monitoring/site-survey.service';
import { createMailer } from './modules/mail/mailer';
import { QoeRepository } from './modules/qoe/qoe.repository';
import { qoeRoutes } from './modules/qoe/qoe.routes';
import { QoeService } from './modules/qoe/qoe.service';
import { PassphraseRepository } from './modules/passphrase/passphrase.repository';
import { passphraseRoutes } from './modules/passphrase/passphrase.routes';
import { PassphraseService } from './modules/passphrase/passphrase.service';
import { SearchRepository } from './modules/search/search.repository';
import { searchRoutes } from './modules/search/search.routes';
import { SearchService } from './modules/search/search.service';
import { SubscribersRepository } from './modules/subscribers/subscribers.repository';
import { subscribersRoutes } from './modules/subscribers/subscribers.routes';
import { SubscribersService } from './modules/subscribers/subscribers.service';
import { UsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { SeriesRepository } from './telemetry/series.repository';
import { webRoutes } from './web/web.routes';

export interface AppDependencies {
  config: Config;
  database: Database;
  buildId: string;
  clock?: Clock;
  /** The process's logger; `false` for none (tests); by default one made from the config. */
  logger?: FastifyBaseLogger | false;
}

export interface Services {
  acs: AcsService;
  actions: ActionsService;
  audit: AuditService;
  auth: AuthService;
  consumers: ConsumersService;
  sso: SsoService;
  devices: DevicesService;
  homeNetwork: HomeNetworkService;
  bandwidth: BandwidthService;
  siteSurvey: SiteSurveyService;
  lineHealth: LineHealthService;
  qoe: QoeService;
  ingest: IngestService;
  passphrase: PassphraseService;
  search: SearchService;
  subscribers: SubscribersService;
  users: UsersService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Headers and fields whose values are secrets: pino writes "[Redacted]" in their place. */
const redactedPaths = [
  'req.headers["x-cah-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["x-cah-token"]',
];

/**
 * A request's address as logs show it: a reporting or ACS URL's token (the gateway's credential) and
 * the reset-link token and single sign-on code and state in query strings are left out.
 */
export function redactedUrl(url: string): string {
  return url
    .replace(/^\/(report|cwmp)\/v1\/[^/?]+/, '/$1/v1/[token]')
    .replace(/([?&](?:token|code|state)=)[^&#]*/g, '$1[redacted]');
}

/** The process's logger: JSON lines on stdout, or on `destination` (tests read them there). */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): FastifyBaseLogger {
  return pino(
    {
      level: config.logLevel,
      redact: redactedPaths,
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactedUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    destination,
  );
}

function createServices(dependencies: AppDependencies, log: FastifyBaseLogger): Services {
  const { config, database } = dependencies;
  const clock = dependencies.clock ?? systemClock;
  const hasher = new PassphraseHasher();
  const usersRepository = new UsersRepository(database.db);
  const authRepository = new AuthRepository(database.db);
  const subscribersRepository = new SubscribersRepository(database.db);
  const devicesRepository = new DevicesRepository(database.db);
  // Repositories bound to one transaction, for a change written with its audit entry.
  const transactionRepositories = (db: Db) => ({
    users: new UsersRepository(db),
    auth: new AuthRepository(db),
    subscribers: new SubscribersRepository(db),
    devices: new DevicesRepository(db),
    actions: new ActionsRepository(db),
    audit: new AuditRepository(db),
    homeNetwork: new HomeNetworkRepository(db),
  });
  const changes = inTransaction(database.db, transactionRepositories);
  const auth = new AuthService(authRepository, usersRepository, hasher, clock, {
    lockout: config.lockout,
    session: config.session,
  });
  const actions = new ActionsService(
    new ActionsRepository(database.db),
    clock,
    changes,
    commandTimeoutsFor(config.commandExpireSeconds),
  );
  const homeNetwork = new HomeNetworkService(
    new HomeNetworkRepository(database.db),
    new SeriesRepository(database.db),
    actions,
    clock,
    changes,
  );
  const ingest = new IngestService(
    new IngestRepository(database.db, statementSizes[database.kind]),
    clock,
    {
      concurrentWrites: database.kind === 'postgres' ? 2 : 1,
      log,
    },
  );
  const devices = new DevicesService(devicesRepository, clock, config.publicUrl, changes);
  return {
    auth,
    acs: new AcsService(new CwmpRepository(database.db), ingest, actions, devices, clock, log, {
      ...defaultAcsSettings,
      informIntervalSeconds: config.cwmp.informIntervalSeconds,
      sessionTimeoutSeconds: config.cwmp.sessionTimeoutSeconds,
    }),
    sso: new SsoService(
      config.sso,
      new SsoRepository(database.db),
      usersRepository,
      auth,
      clock,
      log,
    ),
    consumers: new ConsumersService(
      auth,
      config.deviceManagerUrl
        ? new HttpDeviceManager(config.deviceManagerUrl)
        : new BuiltInDeviceManager(usersRepository, hasher),
      usersRepository,
      subscribersRepository,
      hasher,
      clock,
      changes,
    ),
    passphrase: new PassphraseService(
      new PassphraseRepository(database.db),
      usersRepository,
      authRepository,
      hasher,
      createMailer(config.mail, log),
      clock,
      log,
      { publicUrl: config.publicUrl, ...config.passphraseReset },
    ),
    users: new UsersService(usersRepository, hasher, clock, changes),
    subscribers: new SubscribersService(subscribersRepository, clock, changes),
    devices,
    search: new SearchService(new SearchRepository(database.db), devicesRepository),
    ingest,
    actions,
    homeNetwork,
    bandwidth: new BandwidthService(
      new HomeNetworkRepository(database.db),
      new SeriesRepository(database.db),
      clock,
      { reportingFrequencySeconds: config.reportingFrequencySeconds },
    ),
    siteSurvey: new SiteSurveyService(new HomeNetworkRepository(database.db)),
    lineHealth: new LineHealthService(
      new HomeNetworkRepository(database.db),
      new LineHealthRepository(database.db),
      new SeriesRepository(database.db),
      clock,
    ),
    audit: new AuditService(new AuditRepository(database.db), clock, config.auditRetentionDays),
    qoe: new QoeService(
      new QoeRepository(database.db),
      new HomeNetworkRepository(database.db),
      homeNetwork,
      clock,
    ),
  };
}

/**
 * Builds the whole server without listening: external plugins, then the app's own (errors,
 * access control), then routes. Tests call this and use `app.inject`.
 */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database, buildId } = dependencies;
  const logger = dependencies.logger ?? createLogger(config);
  const app = Fastify({
    ...(logger === false ? { logger: false } : { loggerInstance: logger }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // One line per request at the level it deserves: see http/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    // Codes of up to 255 characters travel in paths (seed 000 section 9).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', createServices(dependencies, app.log));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          ...(config.mapTiles ? [tileImageSource(config.mapTiles.url)] : []),
        ],
        connectSrc: ["'self'"],
        // The feedback collector's frame (seed 001 section 7), only when one is configured.
        frameSrc: ["'self'", ...(config.feedbackUrl ? [new URL(config.feedbackUrl).origin] : [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same answer as the CSP's frame-ancestors 'none', for browsers that read only this.
    frameguard: { action: 'deny' },
  });
  registerPrivacyHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'LineSight API', version: buildId },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'x-cah-token' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  registerRequestLog(app);
  registerTextGuard(app);
  registerAccessControl(app, {
    buildId,
    resolveSession: (token) => app.services.auth.resolveSession(token),
  });

  if (config.apiDocs) {
    await app.register(async (docs) => {
      declarePublicRoutes(docs);
      await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    });
  }
  await app.register(healthRoutes, { database, buildId });
  await app.register(mapRoutes, { mapTiles: config.mapTiles });
  await app.register(authRoutes, {
    authService: app.services.auth,
    signInRateLimitPerMinute: config.signInRateLimitPerMinute,
  });
  await app.register(ssoRoutes, {
    ssoService: app.services.sso,
    signInRateLimitPerMinute: config.signInRateLimitPerMinute,
  });
  await app.register(consumersRoutes, {
    consumersService: app.services.consumers,
    lockoutSeconds: config.lockout.seconds,
    signInRateLimitPerMinute: config.signInRateLimitPerMinute,
  });
  await app.register(passphraseRoutes, {
    passphraseService: app.services.passphrase,
    rateLimitPerMinute: config.passphraseReset.rateLimitPerMinute,
  });
  await app.register(usersRoutes, { usersService: app.services.users });
  await app.register(subscribersRoutes, { subscribersService: app.services.subscribers });
  await app.register(devicesRoutes, { devicesService: app.services.devices });
  await app.register(homeNetworkRoutes, { homeNetworkService: app.services.homeNetwork });
  await app.register(bandwidthRoutes, { bandwidthService: app.services.bandwidth });
  await app.register(siteSurveyRoutes, { siteSurveyService: app.services.siteSurvey });
  await app.register(lineHealthRoutes, { lineHealthService: app.services.lineHealth });
  await app.register(qoeRoutes, { qoeService: app.services.qoe, feedbackUrl: config.feedbackUrl });
  await app.register(searchRoutes, { searchService: app.services.search });
  await app.register(auditRoutes, { auditService: app.services.audit });
  await app.register(reportRoutes, {
    ingestService: app.services.ingest,
    bodyLimitBytes: config.reportBodyLimitBytes,
  });
  await app.register(commandsRoutes, {
    ingestService: app.services.ingest,
    actionsService: app.services.actions,
  });
  await app.register(acsRoutes, {
    acsService: app.services.acs,
    authenticator: new AcsAuthenticator(
      config.cwmp.nonceSecret ? Buffer.from(config.cwmp.nonceSecret) : randomBytes(32),
      dependencies.clock ?? systemClock,
    ),
    bodyLimitBytes: config.cwmp.bodyLimitBytes,
  });
  // Open sessions are written before the database goes.
  app.addHook('onClose', () => app.services.acs.close());
  await app.register(webRoutes, { webRoot: config.webRoot });

  return app;
}
