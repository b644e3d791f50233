import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { expressMiddleware } from "@as-integrations/express5";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { DataSource } from "typeorm";
import type { Env } from "./config/env.js";
import { poolOf } from "./db/data-source.js";
import { createGraphQLContext, type GraphQLContext } from "./web/context.js";
import { knownOperationTypes } from "./graphql/known-operation-types.js";
import { listSizePlugin } from "./graphql/list-size-plugin.js";
import { createFormatError, errorStatusPlugin, withBadRequestStatus } from "./graphql/format-error.js";
import { getSchema } from "./web/schema.js";
import { textGuardPlugin } from "./graphql/text-guard-plugin.js";
import { apiRouter } from "./web/api-router.js";
import { RESUMABLE_PATH } from "./modules/media/resumable-uploads.js";
import { resumableOptions, resumableUploadsRouter } from "./modules/media/resumable.routes.js";
import { JSON_BODY_LIMIT_BYTES } from "./http/body-limits.js";
import { apiErrorHandler, apiNotFound, graphqlErrorHandler } from "./http/error-handler.js";
import { databaseGate, healthRoutes, type HealthState } from "./http/health.routes.js";
import { graphqlMultipart } from "./http/multipart.js";
import { originGuard } from "./http/origin-guard.js";
import { textGuard } from "./http/text-guard.js";
import { sessionMiddleware, sessionUserId } from "./http/session.js";
import { firstData } from "./web/first-data.js";
import { firstScreenRenderer } from "./web/first-screen-render.js";
import { staticClient } from "./web/static-client.js";
import { systemClock, type Clock } from "./lib/clock.js";
import { serializeError, type Logger } from "./lib/logger.js";
import { redactUrl } from "./lib/redact-url.js";
import { resolveSessionSecret } from "./lib/session-secret.js";
import { InlineQueue } from "./jobs/inline-queue.js";
import { PgBossQueue, type PgBossQueueOptions } from "./jobs/pg-boss-queue.js";
import { mediaRouter } from "./modules/media/media.routes.js";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "./modules/presence/digest.rules.js";
import { createServices, type Services } from "./web/services.js";

export interface AppDeps {
  ds: DataSource;
  env: Env;
  logger: Logger;
  clock?: Clock;
  /** Overrides for services (tests); built from the deps otherwise. */
  services?: Services;
  health?: HealthState;
  httpServer?: http.Server;
  clientDist?: string;
  /**
   * Durable background jobs in PostgreSQL (pg-boss: mails, fan-out, the sweeper schedule); the
   * server process turns this on. Off: jobs run inline, once (docs/decisions/021-durable-jobs.md).
   */
  backgroundJobs?: boolean;
  /** Queue tuning for tests (a short retry delay, fast polling). */
  jobOptions?: PgBossQueueOptions;
}

export interface App {
  app: Express;
  services: Services;
  health: HealthState;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CLIENT_DIST = path.resolve(here, "../../client/dist");

function securityHeaders(env: Env): RequestHandler {
  const strict = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(env.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: env.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // Apollo Sandbox (development only) loads its UI from Apollo's CDN.
  const sandbox = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  return (req, res, next) =>
    !env.isProduction && req.method === "GET" && req.path === "/graphql"
      ? sandbox(req, res, next)
      : strict(req, res, next);
}

export async function createApp(deps: AppDeps): Promise<App> {
  const { ds, env, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const jobs = deps.backgroundJobs ? new PgBossQueue(poolOf(ds), logger, deps.jobOptions) : new InlineQueue(logger);
  const services = deps.services ?? createServices({ ds, env, logger, clock, jobs });
  const health = deps.health ?? { shuttingDown: false };

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY)
    app.set("trust proxy", /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Serializers get the raw objects (not pino's default rendering of them first), so the
      // error serializer sees the Error itself and keeps only its allow-listed fields.
      wrapSerializers: false,
      serializers: {
        err: serializeError,
        req: (req: { id: string; method: string; url?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/livez" || req.url === "/readyz" },
    }),
  );
  app.use(securityHeaders(env));
  // gzip for HTML, JS, CSS and JSON; images and video are not compressible and pass through.
  app.use(compression());
  app.use(healthRoutes(ds, health));
  // Every state-changing request, whatever its path, before sessions, body parsers and routers.
  app.use(originGuard(env, [ONE_CLICK_UNSUBSCRIBE_PATH]));

  // Sessions only where they are used: never for static files.
  const session = sessionMiddleware(env, poolOf(ds), resolveSessionSecret(env), logger);
  const withUser: RequestHandler = (req, _res, next) => {
    req.userId = sessionUserId(req, clock.now());
    next();
  };
  app.use(["/api", "/graphql", "/media"], databaseGate(health), session, withUser);

  const armor = new ApolloArmor({
    maxDepth: { n: 10 },
    maxAliases: { n: 15 },
    // the cost limit that counts list sizes (`first`) is graphql/list-size-plugin.ts (docs/decisions/024-paged-reads.md)
    costLimit: { enabled: false },
    maxTokens: { n: 2000 },
    maxDirectives: { n: 20 },
    blockFieldSuggestion: { enabled: env.isProduction },
  });
  const protection = armor.protect();
  const schema = await getSchema();
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    csrfPrevention: true,
    introspection: !env.isProduction,
    includeStacktraceInErrorResponses: false,
    formatError: createFormatError(logger),
    validationRules: [...protection.validationRules, knownOperationTypes],
    allowBatchedHttpRequests: false,
    // main.ts owns SIGTERM/SIGINT (drain, pool, database, exit); Apollo must not stop on them by itself.
    stopOnTerminationSignals: false,
    // The plugin subpaths ship CommonJS typings of the same classes; the cast only bridges the two.
    plugins: [
      // No cache hints: every answer is `no-store` (set above), so the default cache-control
      // plugin would only wrap every field resolver for nothing (docs/decisions/028-fast-graphql-path.md).
      ApolloServerPluginCacheControlDisabled(),
      errorStatusPlugin(),
      textGuardPlugin(),
      listSizePlugin(schema),
      ...protection.plugins.map((p) => withBadRequestStatus(p as unknown as ApolloServerPlugin<GraphQLContext>)),
      // On stop: no new connections, every in-flight request (GraphQL, REST, media) finishes,
      // connections still busy after SHUTDOWN_TIMEOUT_MS are closed.
      ...(deps.httpServer
        ? [
            ApolloServerPluginDrainHttpServer({
              httpServer: deps.httpServer,
              stopGracePeriodMillis: env.SHUTDOWN_TIMEOUT_MS,
            }),
          ]
        : []),
      env.isProduction
        ? ApolloServerPluginLandingPageDisabled()
        : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
    ] as unknown as ApolloServerPlugin<GraphQLContext>[],
  });
  await apollo.start();
  app.use(
    "/graphql",
    ((_req, res, next) => {
      res.setHeader("Cache-Control", "no-store");
      next();
    }) satisfies RequestHandler,
    graphqlMultipart({ maxFileSize: 200 * 1024 * 1024, maxFiles: 2 }),
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => createGraphQLContext(req, res, services),
    }),
    graphqlErrorHandler(logger),
  );

  // Resumable uploads (tus): their own body handling, before the JSON parser and the text guard.
  app.use(
    RESUMABLE_PATH,
    resumableOptions(services),
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
    textGuard,
    resumableUploadsRouter(services),
    apiErrorHandler(logger),
  );
  app.use(
    "/api",
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
    textGuard,
    apiRouter(services),
    apiNotFound,
    apiErrorHandler(logger),
  );
  app.use("/media", mediaRouter(services));
  // A signed-in first screen's data, through the same GraphQL server and context (web/first-data.ts).
  const firstScreenData = firstData({
    session,
    clock,
    services,
    logger,
    execute: async (req, res, query, variables) => {
      const result = await apollo.executeOperation(
        { query, variables },
        { contextValue: createGraphQLContext(req, res, services) },
      );
      return result.body.kind === "single" ? result.body.singleResult : { errors: ["incremental answer"] };
    },
  });
  const clientDist = deps.clientDist ?? DEFAULT_CLIENT_DIST;
  app.use(staticClient(clientDist, firstScreenData, firstScreenRenderer(clientDist, logger)));
  app.use(apiErrorHandler(logger));

  // The queue's workers belong to the server process (main.ts), not to every app built in tests or benches.
  await services.jobs.start();
  return {
    app,
    services,
    health,
    stop: async () => {
      await apollo.stop(); // the drain: in-flight requests finish (and send their jobs)
      await services.jobs.stop(Math.min(env.SHUTDOWN_TIMEOUT_MS, 10_000)); // running jobs finish; the rest wait in the table
      await services.resumable.close(); // ingests under way finish; the upload locks' connections close
    },
  };
}
