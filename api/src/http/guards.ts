import { answerFrameWords } from "@ysp/content/answers";
import { authMessages, dataRightsMessages, dataRightsPages, serviceMessages } from "@ysp/contract";
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import type { Students } from "../accounts/students.ts";
import type { AccessHolder, TokenSigner } from "../auth/tokens.ts";
import type { User } from "../db/schema.ts";
import type { Operation } from "../openapi/operation.ts";
import { isFormPost, sendAnswerPage } from "../pages/form-posts.ts";
import type { Cookie } from "./cookies.ts";
import { sendError } from "./errors.ts";

/**
 * What a route group's every request passes before its routes: a hook or a refusal, added to
 * the group's own context, so the groups registered beside it are untouched.
 */
export type Guard = (group: FastifyInstance) => void;

/**
 * A route group with its guards: each added to the group's context before its routes, as if the
 * group's first lines added it. Registered where the group is, so the registration says which
 * guards the group has.
 */
export const guarded =
  <Options extends FastifyPluginOptions>(
    routes: FastifyPluginAsync<Options>,
    ...guards: Guard[]
  ): FastifyPluginAsync<Options> =>
  async (group, options) => {
    for (const guard of guards) guard(group);
    await routes(group, options);
  };

/** Answers carry tokens and personal details: no browser or proxy may keep a copy. */
export const noStore: Guard = (group) => {
  group.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
};

/** Answers no search engine should keep or follow: the staff area's, pages and files alike. */
export const noIndex: Guard = (group) => {
  group.addHook("onRequest", async (_request, reply) => {
    reply.header("X-Robots-Tag", "noindex, nofollow");
  });
};

/** The password hasher's queue is full: the client may try again in a second. */
export const busy = (reply: FastifyReply) => {
  reply.header("Retry-After", "1");
  return sendError(reply, { status: 503, code: "service_busy", detail: authMessages.busy });
};

/** The token of an `Authorization: Bearer <token>` header, when the request has one. */
export const bearerOf = (request: FastifyRequest) =>
  /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];

/** The refusal of a request without a live access token, or whose account it no longer opens. */
export const notAuthenticated = (reply: FastifyReply) =>
  sendError(reply, {
    status: 401,
    code: "not_authenticated",
    detail: authMessages.notAuthenticated,
  });

/** The refusal of every operation that needs a live session's access token. */
export const studentOperation = {
  tag: "auth",
  security: "student",
  refusals: { 401: { not_authenticated: { detail: authMessages.notAuthenticated } } },
} as const;

/** The account and session of a live access token: one read by primary keys. */
export async function studentOf(
  request: FastifyRequest,
  { signer, students }: { signer: TokenSigner; students: Pick<Students, "findHolder"> },
): Promise<{ user: User; holder: AccessHolder } | undefined> {
  const token = bearerOf(request);
  const holder = token ? await signer.verifyAccess(token) : null;
  const user = holder ? await students.findHolder(holder) : undefined;
  return user && holder ? { user, holder } : undefined;
}

/** What reads a data session: the token's signer, the accounts, and the site's cookie for it. */
export type DataSessionOptions = {
  signer: TokenSigner;
  students: Pick<Students, "findHolder">;
  /** The data session's cookie, which the site's pages send instead of the bearer token. */
  dataCookie: Cookie;
};

/**
 * The data token of a request: the app's bearer header, or the data cookie (cookies.ts) a page's
 * form carries.
 */
function dataToken(request: FastifyRequest, dataCookie: Cookie): string | undefined {
  const bearer = bearerOf(request);
  if (bearer) return bearer;
  // Belt and braces beside SameSite: a browser that says the request came from another site is refused.
  if (request.headers["sec-fetch-site"] === "cross-site") return undefined;
  return dataCookie.read(request);
}

/** The account whose data this request may manage: its data token's, while the token holds. */
export async function dataUserOf(
  request: FastifyRequest,
  { signer, students, dataCookie }: DataSessionOptions,
): Promise<User | undefined> {
  const token = dataToken(request, dataCookie);
  const claims = token ? await signer.verifyData(token) : null;
  return claims ? await students.findHolder(claims) : undefined;
}

declare module "fastify" {
  interface FastifyRequest {
    dataUser: User | null;
  }
}

/** What every operation on one's own data shares: the data token, and its refusals. */
export const dataOwnerOperation = {
  tag: "your data",
  security: "dataAccess",
  refusals: {
    400: { cookie_twice: { detail: serviceMessages.cookieTwice } },
    401: { not_authenticated: { detail: dataRightsMessages.notAllowed } },
  },
  limited: false,
} satisfies Partial<Operation>;

/**
 * Every route of the group acts on the account of a data session (dataUserOf), which the route
 * reads with `dataOwner`; without one, the request is refused 401, a plain form post with a page
 * that offers a new link.
 */
export const dataSession =
  (options: DataSessionOptions): Guard =>
  (group) => {
    group.decorateRequest("dataUser", null);
    group.addHook("preHandler", async (request, reply) => {
      const user = await dataUserOf(request, options);
      if (!user) {
        if (isFormPost(request))
          return sendAnswerPage(reply, 401, {
            title: answerFrameWords.titles.dataNotOpen,
            lines: [dataRightsMessages.notAllowed],
            link: { href: dataRightsPages.yourData, text: answerFrameWords.links.newLink },
          });
        return sendError(reply, {
          status: 401,
          code: "not_authenticated",
          detail: dataRightsMessages.notAllowed,
        });
      }
      request.dataUser = user;
    });
  };

/** The account of a request that the dataSession guard let through. */
export const dataOwner = (request: FastifyRequest) => request.dataUser as User;
