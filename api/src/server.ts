import type { Server } from "node:http";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import { serviceMessages, yourDataApi } from "@ysp/contract";
import { staffPages } from "@ysp/contract/staff";
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { createAccountLinks } from "./accounts/account-links.ts";
import { createAccounts } from "./accounts/accounts.ts";
import { createCredentials } from "./accounts/credentials.ts";
import { createDataRequests } from "./accounts/data-requests.ts";
import { createEmailChanges } from "./accounts/email-changes.ts";
import { createGuardians } from "./accounts/guardians.ts";
import { createIdentities } from "./accounts/identities.ts";
import { createLinkRequests, isLinkRequest } from "./accounts/link-requests.ts";
import { createNewsletter } from "./accounts/newsletter.ts";
import { createPersonalData } from "./accounts/personal-data.ts";
import { createSignupCorrections } from "./accounts/signup-corrections.ts";
import { countPageViews, createPageViews } from "./analytics/page-views.ts";
import { createGoogleSignIn } from "./auth/google.ts";
import { createPasswordHasher, type HasherOptions } from "./auth/password-hasher.ts";
import { createSessions } from "./auth/sessions.ts";
import { createTokenSigner } from "./auth/tokens.ts";
import { type Config, isHttps } from "./config.ts";
import type { Database } from "./db/client.ts";
import { registerAuthChallenges } from "./http/auth-challenges.ts";
import { bodyLimit } from "./http/body-limit.ts";
import { cookiesFor } from "./http/cookies.ts";
import { refuseCrossSitePosts } from "./http/cross-site-posts.ts";
import { answerClientError, registerErrorHandler, sendError } from "./http/errors.ts";
import { dataSession, guarded, noIndex, noStore } from "./http/guards.ts";
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
import { namedRefs, sharedSchemas } from "./openapi/components.ts";
import { openApiBase } from "./openapi/document.ts";
import { documentFile } from "./openapi/served-document.ts";
import { createMetrics, type Metrics } from "./ops/metrics.ts";
import { readDatabaseFigures, recordErasureSweep } from "./ops/metrics-database.ts";
import { knowSitePages } from "./pages/form-posts.ts";
import { type FormRoutes, findFormRoutes, formPostRoute } from "./pages/form-routes.ts";
import { sendFile } from "./pages/send-file.ts";
import type { SiteFiles, StaticFile } from "./pages/static-site.ts";
import { accountLinkPageRoutes, accountLinkRoutes } from "./routes/account-links.ts";
import { apiDocsRoutes } from "./routes/api-docs.ts";
import { authPrefix, authRoutes, refreshRoutes } from "./routes/auth.ts";
import { emailChangePageRoutes, emailChangeRoutes } from "./routes/email-change.ts";
import { googleAppRoutes, googlePageRoutes, googleRoutes } from "./routes/google.ts";
import { guardianConsentRoutes } from "./routes/guardian-consent.ts";
import { healthRoutes } from "./routes/health.ts";
import { joinPageRoutes } from "./routes/join-page.ts";
import { linkPageViews } from "./routes/link-pages.ts";
import { newsletterRoutes } from "./routes/newsletter.ts";
import { sessionRoutes } from "./routes/sessions.ts";
import { signedUpPageRoutes } from "./routes/signed-up-page.ts";
import { signupCorrectionPageRoutes, signupCorrectionRoutes } from "./routes/signup-correction.ts";
import { siteRoutes } from "./routes/site.ts";
import { staffAreaRoutes, staffSession } from "./routes/staff.ts";
import { staffLoginRoutes } from "./routes/staff-login.ts";
import { openYourDataRoutes, yourDataPageRoutes, yourDataRoutes } from "./routes/your-data.ts";
import { yourDataPageViews } from "./routes/your-data-pages.ts";
import { createStaffAudit } from "./staff/audit.ts";
import { createDashboard } from "./staff/dashboard.ts";
import { createStaffMembers } from "./staff/members.ts";
import { createPasskeyCeremonies } from "./staff/passkeys.ts";
import { createStaffSessions } from "./staff/staff-sessions.ts";
import { createStudentLookup } from "./staff/student-lookup.ts";

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
    | "mailRetrySeconds"
    | "google"
    | "staffArea"
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

/** Fastify's own settings: the log, the router, the body limit, the time-outs. */
function fastifyOptions(
  { config, site, logger }: ServerOptions,
  formRoutes: FormRoutes,
): FastifyHttpOptions<Server> {
  return {
    logger:
      logger === false
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
            ...logger,
          },
    // A page's form posts to the page (contract's form-actions.ts): answered by its form's route.
    rewriteUrl: formPostRoute(site, formRoutes),
    logController: new OneLinePerRequest(),
    bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: "x-request-id",
    // Fastify's own 503 skips every hook: no error shape, no security headers. Ours is
    // registerDraining's.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: timeoutCheckMs(config.timeouts),
    },
    clientErrorHandler: answerClientError,
  };
}

/** What close() changes for the requests still coming: see each hook. */
function registerDraining(app: FastifyInstance) {
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
}

/** What every request passes, site and API alike: timing, draining, headers, errors, forms. */
function registerRequestHooks(
  app: FastifyInstance,
  { config, site }: ServerOptions,
  metrics: Metrics,
  formRoutes: FormRoutes,
) {
  metrics.timeRequests(app);
  registerDraining(app);
  // The API speaks JSON only; anything else is refused with 415 rather than half-read.
  app.removeContentTypeParser("text/plain");
  app.decorateRequest("logFields", null);
  registerSecurityHeaders(app, site.permissionsPolicy, isHttps(config.publicUrl));
  registerAuthChallenges(app);
  registerErrorHandler(app, metrics.databaseUnavailable);
  knowSitePages(app, site);
  findFormRoutes(app, formRoutes);
  refuseCrossSitePosts(app, config.publicUrl);
}

/** The database's figures for the metrics, and its lost connections in the log. */
function watchDatabase(app: FastifyInstance, database: Database, metrics: Metrics) {
  metrics.readDatabase(readDatabaseFigures(database.db));
  database.onConnectionLost((error) =>
    app.log.warn(
      { err: error },
      "PostgreSQL closed an idle connection; a new one opens when needed",
    ),
  );
}

/** Where the rate limits count: PostgreSQL, shared by every instance, or this one's memory. */
async function registerRateLimitStore(
  app: FastifyInstance,
  { config, database }: ServerOptions,
  metrics: Metrics,
) {
  if (database.kind === "postgres") {
    const shared = createSharedLimits(database.db, app.log, config.jwtSecret);
    app.addHook("onClose", async () => shared.stop());
    metrics.readLimitStore(shared.countingInMemory);
    await app.register(rateLimit, { global: false, store: shared.Store });
  } else {
    // PGlite is opened by one process at a time, so this one instance's memory counts for all.
    await app.register(rateLimit, { global: false, store: createMemoryLimits() });
  }
}

/**
 * The password hasher, closed with the app, and a decoy: a real hash of a random password, which
 * a route checks against when there is no account's, so that answer takes a hash's time too.
 */
async function startHasher(app: FastifyInstance, options: HasherOptions, metrics: Metrics) {
  const hasher = createPasswordHasher(options, metrics.hashed);
  metrics.readHashQueue(() => ({ queued: hasher.queued(), saturated: hasher.saturated() }));
  app.addHook("onClose", () => hasher.close());
  const decoy = await hasher.hash(crypto.randomUUID());
  if (!decoy.ok) throw new Error("The password hasher refused its first job");
  return { hasher, decoyHash: decoy.value };
}

/** What the route groups are given, each made once; the hasher and the mail queue stop on close. */
async function createServices(app: FastifyInstance, options: ServerOptions, metrics: Metrics) {
  const { config, database } = options;
  const { db } = database;
  const now = options.now ?? Date.now;
  const signer = createTokenSigner(config.jwtSecret, options.now);
  const { hasher, decoyHash } = await startHasher(app, config.hash, metrics);
  const mailQueue = createMailQueue(db, app.log, metrics.mailFailed, config.mailRetrySeconds);
  // Stopped before the transport closes (sendQueuedMail): a message being sent finishes first.
  app.addHook("onClose", () => mailQueue.stop());
  const accounts = createAccounts(db);
  const tokens = createLinkTokens(config.jwtSecret);
  const links = createAccountLinks(db, mailQueue, tokens, now);
  const requests = createDataRequests(db, config.jwtSecret, now);
  const newsletter = createNewsletter(db, mailQueue, tokens, now);
  const cookies = cookiesFor(config.publicUrl);
  return {
    signer,
    hasher,
    decoyHash,
    limits: rateLimits(config.rateLimits, metrics.rateLimited),
    mailQueue,
    accounts,
    tokens,
    links,
    linkRequests: createLinkRequests(db, mailQueue, links, requests),
    newsletter,
    guardians: createGuardians(db, mailQueue, tokens, requests, now),
    personalData: createPersonalData(db, mailQueue, requests, newsletter, now),
    credentials: createCredentials(db, mailQueue, now),
    emailChanges: createEmailChanges(db, links, mailQueue, now),
    signupCorrections: createSignupCorrections(db, links, mailQueue, now),
    sessions: createSessions(accounts.sessions, signer, config.refreshReuseGraceSeconds),
    cookies,
    signup: signupCookie(cookies.signupAccount, signer),
    google: config.google && createGoogleSignIn(config.google),
    identities: createIdentities(db, links, mailQueue, now),
    /** Our own site's host name: a Referer from it names no other site. */
    ownHost: new URL(config.publicUrl).hostname,
    pageViews: createPageViews(db, now, app.log),
  };
}

type Services = Awaited<ReturnType<typeof createServices>>;

/** Erases the accounts due after a guardian's refusal every hour, and on demand for tests. */
function sweepErasuresHourly(app: FastifyInstance, db: Database["db"], { personalData }: Services) {
  /** The sweep, and its success recorded for every instance to report (metrics-database.ts). */
  const sweepErasures = async () => {
    const erased = await personalData.eraseRefused();
    await recordErasureSweep(db);
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
}

/** Sends the queued mail through `mail`'s transport, which closes with the app. */
function sendQueuedMail(
  app: FastifyInstance,
  mail: MailConfig,
  db: Database["db"],
  { mailQueue, newsletter, tokens, linkRequests, hasher }: Services,
  metrics: Metrics,
) {
  const transport = createMailTransport(mail, (fields, line) => app.log.info(fields, line));
  app.addHook("onClose", () => transport.close());
  const deliver = createMailSender({
    config: mail,
    db,
    newsletter,
    tokens,
    transport,
    counts: { sent: metrics.mailSent, failedTry: metrics.mailSendError },
  });
  mailQueue.work(async (id, queued) => {
    const delivery = isLinkRequest(queued.kind)
      ? await linkRequests.handle(id, queued)
      : await deliver(id, queued);
    if (delivery.outcome !== "sent")
      app.log.warn({ mailId: id, kind: queued.kind, ...delivery }, "mail not sent");
    return delivery;
  }, hasher.saturated);
}

/** What the account-link groups, API and pages, are given. */
const linkOptions = (s: Services) => ({
  links: s.links,
  hasher: s.hasher,
  rateLimits: s.limits,
  linkRequests: s.linkRequests,
  signer: s.signer,
  dataCookie: s.cookies.data,
});

/** What the email-change groups, API and pages, are given. */
const emailChangeOptions = (s: Services) => ({
  students: s.accounts.students,
  changes: s.emailChanges,
  signer: s.signer,
  hasher: s.hasher,
  decoyHash: s.decoyHash,
  rateLimits: s.limits,
});

/** What the your-data groups, API and pages, are given. */
const dataOptions = (s: Services) => ({
  links: s.links,
  students: s.accounts.students,
  signer: s.signer,
  personalData: s.personalData,
  guardians: s.guardians,
  identities: s.identities,
  rateLimits: s.limits,
  dataCookie: s.cookies.data,
});

/** What the sign-up correction groups, API and pages, are given. */
const correctionOptions = (s: Services) => ({
  students: s.accounts.students,
  corrections: s.signupCorrections,
  signup: s.signup,
  signedUpCookie: s.cookies.signedUpAddress,
  hasher: s.hasher,
  decoyHash: s.decoyHash,
  rateLimits: s.limits,
});

/** The app's Google sign-in: in the document whether or not this server has Google's client. */
const googleAppOptions = (s: Services, metrics: Metrics) => ({
  prefix: authPrefix,
  google: s.google,
  identities: s.identities,
  students: s.accounts.students,
  sessions: s.sessions,
  guardians: s.guardians,
  rateLimits: s.limits,
  outcomes: metrics,
});

/** The API's route groups, in the order of the API's document, and the document itself. */
async function registerApi(app: FastifyInstance, s: Services, metrics: Metrics, site: SiteFiles) {
  const { accounts, sessions, credentials, signer, hasher, decoyHash, limits } = s;
  const { links, guardians, newsletter, cookies, signup } = s;
  await app.register(guarded(sessionRoutes, noStore), {
    prefix: authPrefix,
    students: accounts.students,
    records: accounts.sessions,
    sessions,
    credentials,
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
    decoyHash,
    rateLimits: limits,
    links,
    guardians,
    outcomes: metrics,
    signedUpCookie: cookies.signedUpAddress,
    signup,
  });
  await app.register(accountLinkRoutes, { prefix: authPrefix, ...linkOptions(s) });
  await app.register(guarded(googleAppRoutes, noStore), googleAppOptions(s, metrics));
  await app.register(guarded(emailChangeRoutes, noStore), {
    prefix: authPrefix,
    ...emailChangeOptions(s),
  });
  await app.register(guarded(refreshRoutes, noStore), {
    prefix: "/auth",
    sessions,
    rateLimits: limits,
  });
  await app.register(guarded(openYourDataRoutes, noStore), {
    prefix: yourDataApi,
    ...dataOptions(s),
  });
  await app.register(guarded(yourDataRoutes, noStore, dataSession(dataOptions(s))), {
    prefix: yourDataApi,
    ...dataOptions(s),
  });
  await app.register(guarded(guardianConsentRoutes, noStore), {
    guardians,
    rateLimits: limits,
    site,
  });
  await app.register(guarded(signupCorrectionRoutes, noStore), {
    prefix: authPrefix,
    ...correctionOptions(s),
  });
  await app.register(newsletterRoutes, { newsletter, rateLimits: limits, site });
  let document: Promise<StaticFile> | undefined;
  app.get("/api/openapi.json", { schema: { hide: true } }, async (request, reply) => {
    document ??= documentFile(app.swagger());
    return sendFile(request, reply, await document);
  });
}

/**
 * The pages: those the server fills from the database, the posts of their forms, the API's
 * reference, and the rest of the built site.
 */
async function registerPages(app: FastifyInstance, s: Services, metrics: Metrics, site: SiteFiles) {
  const { accounts, cookies, signup, newsletter } = s;
  await app.register(guarded(accountLinkPageRoutes, noStore), linkOptions(s));
  await app.register(guarded(emailChangePageRoutes, noStore), emailChangeOptions(s));
  await app.register(yourDataPageRoutes, dataOptions(s));
  await app.register(yourDataPageViews, { ...dataOptions(s), newsletter, site });
  await app.register(joinPageRoutes, {
    site,
    students: accounts.students,
    google: s.google !== null,
    ownHost: s.ownHost,
  });
  await app.register(signedUpPageRoutes, { site, signedUpCookie: cookies.signedUpAddress, signup });
  await app.register(guarded(signupCorrectionPageRoutes, noStore), {
    ...correctionOptions(s),
    site,
  });
  await app.register(linkPageViews, { site });
  await app.register(guarded(googlePageRoutes, noStore), {
    identities: s.identities,
    cookie: cookies.googleSignIn,
    signer: s.signer,
    rateLimits: s.limits,
    outcomes: metrics,
  });
  // Without a client id and secret, there is no route: /login/google is a page not found.
  if (s.google)
    await app.register(guarded(googleRoutes, noStore), {
      google: s.google,
      identities: s.identities,
      students: accounts.students,
      cookie: cookies.googleSignIn,
      signer: s.signer,
      rateLimits: s.limits,
      outcomes: metrics,
    });
  await app.register(apiDocsRoutes, { site });
  await app.register(siteRoutes, { site });
}

/** Builds the whole app: site, API and their shared hooks. It does not listen. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { config, database, site } = options;
  const metrics = options.metrics ?? createMetrics();
  const formRoutes: FormRoutes = new Map();
  const app = Fastify(fastifyOptions(options, formRoutes));
  registerRequestHooks(app, options, metrics, formRoutes);
  watchDatabase(app, database, metrics);
  for (const schema of sharedSchemas()) app.addSchema(schema);
  await app.register(swagger, {
    openapi: openApiBase(config.publicUrl),
    hideUntagged: true,
    refResolver: namedRefs,
  });
  await registerRateLimitStore(app, options, metrics);
  const services = await createServices(app, options, metrics);
  sweepErasuresHourly(app, database.db, services);
  countPageViews(app, services.pageViews, site, services.ownHost);
  if (options.mail) sendQueuedMail(app, options.mail, database.db, services, metrics);
  // Every route group is registered here: the probes, the API, then the pages.
  await app.register(healthRoutes, { database });
  await registerApi(app, services, metrics, site);
  await registerStaffArea(app, services, options);
  await registerPages(app, services, metrics, site);
  return app;
}

/**
 * The staff area (decision 041), where config.staffArea serves it; elsewhere every address under
 * /staff is a page not found, its built login page included.
 */
async function registerStaffArea(app: FastifyInstance, s: Services, options: ServerOptions) {
  const { config, database, site } = options;
  if (!config.staffArea) {
    const notFound = (request: FastifyRequest, reply: FastifyReply) =>
      sendFile(request, reply, site.notFound, { status: 404 });
    app.get(staffPages.home, notFound);
    app.get(`${staffPages.home}/*`, notFound);
    return;
  }
  const now = options.now ?? Date.now;
  const staff = {
    site,
    signer: s.signer,
    rateLimits: s.limits,
    members: createStaffMembers(database.db, { tokens: s.tokens, queue: s.mailQueue, now }),
    sessions: createStaffSessions(database.db, now),
    ceremonies: createPasskeyCeremonies(config.publicUrl),
    cookies: { session: s.cookies.staff, challenge: s.cookies.staffChallenge },
    lookup: createStudentLookup(
      database.db,
      createDataRequests(database.db, config.jwtSecret, now).emailHash,
      now,
    ),
    audit: createStaffAudit(database.db),
    dashboard: createDashboard(database.db, now),
  };
  await app.register(guarded(staffLoginRoutes, noStore, noIndex), staff);
  await app.register(guarded(staffAreaRoutes, noStore, noIndex, staffSession(staff)), staff);
}
