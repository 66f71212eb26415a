import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import { serviceMessages, yourDataApi } from "@ysp/contract";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { createAccountLinks } from "./accounts/account-links.ts";
import { createAccounts } from "./accounts/accounts.ts";
import { createCredentials } from "./accounts/credentials.ts";
import { createDataRequests } from "./accounts/data-requests.ts";
import { createEmailChanges } from "./accounts/email-changes.ts";
import { createGuardians } from "./accounts/guardians.ts";
import { createLinkRequests, isLinkRequest } from "./accounts/link-requests.ts";
import { createNewsletter } from "./accounts/newsletter.ts";
import { createPersonalData } from "./accounts/personal-data.ts";
import { createSignupCorrections } from "./accounts/signup-corrections.ts";
import { createPasswordHasher } from "./auth/password-hasher.ts";
import { createSessions } from "./auth/sessions.ts";
import { createTokenSigner } from "./auth/tokens.ts";
import { type Config, isHttps } from "./config.ts";
import type { Database } from "./db/client.ts";
import { bodyLimit } from "./http/body-limit.ts";
import { cookiesFor } from "./http/cookies.ts";
import { refuseCrossSitePosts } from "./http/cross-site-posts.ts";
import { answerClientError, registerErrorHandler, sendError } from "./http/errors.ts";
import { dataSession, guarded, noStore } from "./http/guards.ts";
import { createMemoryLimits, createSharedLimits } from "./http/rate-limit-store.ts";
import { rateLimits } from "./http/rate-limits.ts";
import { OneLinePerRequest, requestForLog } from "./http/request-log.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { signupCookie } from "./http/signup-cookie.ts";
import { createLinkTokens } from "./mail/link-tokens.ts";
import type { MailConfig } from "./mail/mail-config.ts";
import { createMailQueue } from "./mail/mail-queue.ts";
import { createMailSender } from "./mail/mail-sender.ts";
import { createMailTransport } from "./mail/transport.ts";
import { openApiBase } from "./openapi/document.ts";
import { createMetrics, type Metrics } from "./ops/metrics.ts";
import { readDatabaseFigures, recordErasureSweep } from "./ops/metrics-database.ts";
import { knowSitePages } from "./pages/form-posts.ts";
import { type FormRoutes, findFormRoutes, formPostRoute } from "./pages/form-routes.ts";
import type { SiteFiles } from "./pages/static-site.ts";
import { accountLinkPageRoutes, accountLinkRoutes } from "./routes/account-links.ts";
import { apiDocsRoutes } from "./routes/api-docs.ts";
import { authPrefix, authRoutes, refreshRoutes } from "./routes/auth.ts";
import { emailChangePageRoutes, emailChangeRoutes } from "./routes/email-change.ts";
import { guardianConsentRoutes } from "./routes/guardian-consent.ts";
import { healthRoutes } from "./routes/health.ts";
import { joinPageRoutes } from "./routes/join-page.ts";
import { linkPageViews } from "./routes/link-pages.ts";
import { newsletterRoutes } from "./routes/newsletter.ts";
import { sessionRoutes } from "./routes/sessions.ts";
import { signedUpPageRoutes } from "./routes/signed-up-page.ts";
import { signupCorrectionPageRoutes, signupCorrectionRoutes } from "./routes/signup-correction.ts";
import { siteRoutes } from "./routes/site.ts";
import { openYourDataRoutes, yourDataPageRoutes, yourDataRoutes } from "./routes/your-data.ts";
import { yourDataPageViews } from "./routes/your-data-pages.ts";

export type ServerOptions = {
  config: Pick<
    Config,
    | "jwtSecret"
    | "trustProxy"
    | "rateLimits"
    | "refreshReuseGraceSeconds"
    | "hash"
    | "logLevel"
    | "publicUrl"
    | "timeouts"
  >;
  database: Database;
  site: SiteFiles;
  /** false: no logs (most tests). A stream: where the log lines go instead of stdout. */
  logger?: false | { stream: { write(line: string): void } };
  /** Tests move the clock to expire tokens. */
  now?: () => number;
  /**
   * Where queued mail goes. Without it (most tests) messages are queued and stay
   * queued; every instance the README starts sends, and they share the work.
   */
  mail?: MailConfig;
  /**
   * Where the server counts what Prometheus reads; main.ts serves it on METRICS_PORT. Without
   * it (most tests) a fresh one is counted in and read by nobody.
   */
  metrics?: Metrics;
};

/** Accounts due for erasure after a guardian's refusal are looked for hourly: the 30 days are a floor. */
const erasureCheckMs = 3600_000;

/**
 * How often Node looks for requests past their time-out. Its default, 30 s, would let a 10 s
 * limit on headers run to 40 s; a tenth of the shorter limit ends each within 10% of it (once
 * a second by default), a walk over the open connections that costs next to nothing.
 */
const timeoutCheckMs = ({ headersMs, requestMs }: Config["timeouts"]) =>
  Math.ceil(Math.min(headersMs, requestMs) / 10);

declare module "fastify" {
  interface FastifyInstance {
    /** Erases the accounts due after a guardian's refusal now, as the hourly check does (for tests). */
    eraseRefusedAccounts: () => Promise<number>;
  }
}

/** Builds the whole app: site, API and their shared hooks. It does not listen. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { config, database, site } = options;
  const metrics = options.metrics ?? createMetrics();
  const logger: FastifyServerOptions["logger"] =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: {
            paths: [
              "req.headers.authorization",
              "req.headers.cookie",
              "body.password",
              "body.refresh",
              "*.password",
              "*.access",
              "*.refresh",
            ],
            censor: "[redacted]",
          },
          serializers: { req: requestForLog },
          ...options.logger,
        };
  const formRoutes: FormRoutes = new Map();
  const app = Fastify({
    logger,
    // A page's form posts to the page (contract's form-actions.ts): answered by its form's route.
    rewriteUrl: formPostRoute(site, formRoutes),
    logController: new OneLinePerRequest(),
    bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: "x-request-id",
    // Fastify's own 503 skips every hook: no error shape, no security headers. Ours is below.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: timeoutCheckMs(config.timeouts),
    },
    clientErrorHandler: answerClientError,
  });

  metrics.timeRequests(app);
  metrics.readDatabase(readDatabaseFigures(database.db));

  // An answer finished after close() began ends its connection: left open and idle, a
  // keep-alive socket would hold the process for the whole keep-alive timeout.
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
  // A request read after close() began (on a connection that was busy, so not closed with
  // the idle ones) is refused before any work: the load balancer retries it elsewhere.
  app.addHook("onRequest", async (_request, reply) => {
    if (!draining) return;
    reply.header("retry-after", "1");
    return sendError(reply, {
      status: 503,
      code: "server_stopping",
      detail: serviceMessages.stopping,
    });
  });

  // The API speaks JSON only; anything else is refused with 415 rather than half-read.
  app.removeContentTypeParser("text/plain");
  app.decorateRequest("logFields", null);
  registerSecurityHeaders(app, site.permissionsPolicy, isHttps(config.publicUrl));
  registerErrorHandler(app, metrics.databaseUnavailable);
  knowSitePages(app, site);
  findFormRoutes(app, formRoutes);
  refuseCrossSitePosts(app, config.publicUrl);

  await app.register(swagger, { openapi: openApiBase(config.publicUrl), hideUntagged: true });
  if (database.kind === "postgres") {
    const shared = createSharedLimits(database.db, app.log, config.jwtSecret);
    app.addHook("onClose", async () => shared.stop());
    metrics.readLimitStore(shared.countingInMemory);
    await app.register(rateLimit, { global: false, store: shared.Store });
  } else {
    // PGlite is opened by one process at a time, so this one instance's memory counts for all.
    await app.register(rateLimit, { global: false, store: createMemoryLimits() });
  }

  database.onConnectionLost((error) =>
    app.log.warn(
      { err: error },
      "PostgreSQL closed an idle connection; a new one opens when needed",
    ),
  );
  const signer = createTokenSigner(config.jwtSecret, options.now);
  const hasher = createPasswordHasher(config.hash, metrics.hashed);
  metrics.readHashQueue(() => ({ queued: hasher.queued(), saturated: hasher.saturated() }));
  app.addHook("onClose", () => hasher.close());
  const decoy = await hasher.hash(crypto.randomUUID());
  if (!decoy.ok) throw new Error("The password hasher refused its first job");
  const limits = rateLimits(config.rateLimits, metrics.rateLimited);

  await app.register(healthRoutes, { database });
  const now = options.now ?? Date.now;
  const mailQueue = createMailQueue(database.db, app.log, metrics.mailFailed);
  // Stopped before the transport closes (below): a message being sent finishes first.
  app.addHook("onClose", () => mailQueue.stop());
  const accounts = createAccounts(database.db);
  const tokens = createLinkTokens(config.jwtSecret);
  const links = createAccountLinks(database.db, mailQueue, tokens, now);
  const requests = createDataRequests(database.db, config.jwtSecret, now);
  const linkRequests = createLinkRequests(database.db, mailQueue, links, requests);
  const newsletter = createNewsletter(database.db, mailQueue, tokens, now);
  const guardians = createGuardians(database.db, mailQueue, tokens, requests, now);
  const personalData = createPersonalData(database.db, mailQueue, requests, newsletter, now);
  /** The sweep, and its success recorded for every instance to report (metrics-database.ts). */
  const sweepErasures = async () => {
    const erased = await personalData.eraseRefused();
    await recordErasureSweep(database.db);
    return erased;
  };
  app.decorate("eraseRefusedAccounts", sweepErasures);
  const erasures = setInterval(() => {
    sweepErasures()
      .then((erased) => {
        if (erased > 0)
          app.log.info({ erased }, "accounts erased 30 days after a guardian's refusal");
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "could not erase refused accounts"));
  }, erasureCheckMs);
  erasures.unref();
  app.addHook("onClose", async () => clearInterval(erasures));
  if (options.mail) {
    const transport = createMailTransport(options.mail, (fields, line) =>
      app.log.info(fields, line),
    );
    app.addHook("onClose", () => transport.close());
    const deliver = createMailSender({
      config: options.mail,
      db: database.db,
      newsletter,
      tokens,
      transport,
      counts: { sent: metrics.mailSent, failedTry: metrics.mailSendError },
    });
    mailQueue.work(async (id, mail) => {
      const delivery = isLinkRequest(mail.kind)
        ? await linkRequests.handle(id, mail)
        : await deliver(id, mail);
      if (delivery.outcome !== "sent")
        app.log.warn({ mailId: id, kind: mail.kind, ...delivery }, "mail not sent");
      return delivery;
    }, hasher.saturated);
  }
  const sessions = createSessions(accounts.sessions, signer, config.refreshReuseGraceSeconds);
  const cookies = cookiesFor(config.publicUrl);
  const signup = signupCookie(cookies.signupAccount, signer);
  await app.register(guarded(sessionRoutes, noStore), {
    prefix: authPrefix,
    students: accounts.students,
    records: accounts.sessions,
    sessions,
    credentials: createCredentials(database.db, mailQueue, now),
    signer,
    hasher,
    rateLimits: limits,
  });
  await app.register(guarded(authRoutes, noStore), {
    prefix: authPrefix,
    accounts,
    sessions,
    signer,
    hasher,
    decoyHash: decoy.value,
    rateLimits: limits,
    links,
    guardians,
    outcomes: metrics,
    signedUpCookie: cookies.signedUpAddress,
    signup,
  });
  const linkOptions = {
    links,
    hasher,
    rateLimits: limits,
    linkRequests,
    signer,
    dataCookie: cookies.data,
  };
  await app.register(accountLinkRoutes, { prefix: authPrefix, ...linkOptions });
  await app.register(guarded(accountLinkPageRoutes, noStore), linkOptions);
  const emailChangeOptions = {
    students: accounts.students,
    changes: createEmailChanges(database.db, links, mailQueue, now),
    signer,
    hasher,
    decoyHash: decoy.value,
    rateLimits: limits,
  };
  await app.register(guarded(emailChangeRoutes, noStore), {
    prefix: authPrefix,
    ...emailChangeOptions,
  });
  await app.register(guarded(emailChangePageRoutes, noStore), emailChangeOptions);
  await app.register(guarded(refreshRoutes, noStore), {
    prefix: "/auth",
    sessions,
    rateLimits: limits,
  });
  const dataOptions = {
    links,
    students: accounts.students,
    signer,
    personalData,
    guardians,
    rateLimits: limits,
    dataCookie: cookies.data,
  };
  await app.register(guarded(openYourDataRoutes, noStore), { prefix: yourDataApi, ...dataOptions });
  await app.register(guarded(yourDataRoutes, noStore, dataSession(dataOptions)), {
    prefix: yourDataApi,
    ...dataOptions,
  });
  await app.register(yourDataPageRoutes, dataOptions);
  await app.register(yourDataPageViews, { ...dataOptions, newsletter, site });
  await app.register(guarded(guardianConsentRoutes, noStore), {
    guardians,
    rateLimits: limits,
    site,
  });
  await app.register(joinPageRoutes, { site, students: accounts.students });
  await app.register(signedUpPageRoutes, { site, signedUpCookie: cookies.signedUpAddress, signup });
  const correctionOptions = {
    students: accounts.students,
    corrections: createSignupCorrections(database.db, links, mailQueue, now),
    signup,
    signedUpCookie: cookies.signedUpAddress,
    hasher,
    decoyHash: decoy.value,
    rateLimits: limits,
  };
  await app.register(guarded(signupCorrectionRoutes, noStore), {
    prefix: authPrefix,
    ...correctionOptions,
  });
  await app.register(guarded(signupCorrectionPageRoutes, noStore), { ...correctionOptions, site });
  await app.register(linkPageViews, { site });
  await app.register(newsletterRoutes, { newsletter, rateLimits: limits, site });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await app.register(apiDocsRoutes, { site });
  await app.register(siteRoutes, { site });
  return app;
}
