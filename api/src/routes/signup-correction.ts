import { answerFrameWords } from "@ysp/content/answers";
import { emailChangeWords } from "@ysp/content/email-change";
import {
  accountPages,
  authMessages,
  type CorrectSignupEmailBody,
  correctSignupEmailBodySchema,
  emailChangePages,
  maskEmail,
  messageResponseSchema,
  signedUpAddressSlot,
  signupCookieParts,
  signupCorrectionLifetime,
  signupCorrectionMessages,
} from "@ysp/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { SignupCorrections } from "../accounts/signup-corrections.ts";
import type { Students } from "../accounts/students.ts";
import type { PasswordHasher } from "../auth/password-hasher.ts";
import type { User } from "../db/schema.ts";
import type { Cookie } from "../http/cookies.ts";
import { sendError } from "../http/errors.ts";
import { busy } from "../http/guards.ts";
import {
  answeredOverLimit,
  checkMailboxLimit,
  countedByMailbox,
  loginEmailKey,
  type RateLimits,
} from "../http/rate-limits.ts";
import { rememberSignedUp } from "../http/signed-up-address.ts";
import type { SignupCookie } from "../http/signup-cookie.ts";
import { zodBody } from "../http/validation.ts";
import { examples } from "../openapi/examples.ts";
import { operation } from "../openapi/operation.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { acceptFormPosts, answerAt, isFormPost, sendAnswerPage } from "../pages/form-posts.ts";
import { newLinkAt } from "../pages/link-answers.ts";
import { fill, hide, show, withEdits } from "../pages/page-slots.ts";
import { sendFile } from "../pages/send-file.ts";
import { MissingBuildError, pageWithHtml, type SiteFiles } from "../pages/static-site.ts";

export type SignupCorrectionOptions = {
  students: Pick<Students, "findById">;
  corrections: SignupCorrections;
  signup: SignupCookie;
  /** Where a corrected sign-up's link went, masked, for /signed-up (http/signed-up-address.ts). */
  signedUpCookie: Cookie;
  hasher: PasswordHasher;
  /** Checked against for an account with no password, so its answer takes a hash's time too. */
  decoyHash: string;
  rateLimits: RateLimits;
};

/** Where a student goes whose browser cannot correct the address: the change made by password. */
const changeEmailLink = {
  href: emailChangePages.changeEmail,
  text: emailChangeWords.changeEmail.title,
};

const wrongPassword = {
  status: 400,
  code: "wrong_password",
  detail: signupCorrectionMessages.wrongPassword,
  attr: "password",
} as const;
const taken = {
  status: 400,
  code: "email_taken",
  detail: authMessages.emailTaken,
  attr: "new_email",
} as const;

/** The account the browser's sign-up cookie names (signup-cookie.ts), if it still exists. */
async function accountOf(
  request: FastifyRequest,
  { signup, students }: Pick<SignupCorrectionOptions, "signup" | "students">,
): Promise<User | undefined> {
  const id = await signup.account(request);
  return id ? students.findById(id) : undefined;
}

/**
 * The correction itself, for the API's JSON (home's notice) and for /correct-email's form post:
 * the account from the cookie, limited and checked as a login is, then corrected. Every refusal
 * but a field's leads a form post to /change-email, the way left to a student this browser
 * cannot help.
 */
function correcting(app: FastifyInstance, options: SignupCorrectionOptions) {
  const { corrections, hasher, decoyHash, rateLimits } = options;
  // A password is checked: counted with the logins of the account's address, as a change of
  // address is, so a browser that holds the cookie buys no more guesses than a login would.
  const accountEmail = new WeakMap<object, string>();
  const checkAccountLimit = app.createRateLimit({
    ...rateLimits.loginPerEmail,
    keyGenerator: (request) => loginEmailKey(accountEmail.get(request) ?? ""),
  });
  // Each correction mails the new address: counted per client and mailbox, as every link is.
  const newAddressOverLimit = checkMailboxLimit(app, rateLimits.mailToNewAddress);

  /** A refusal no field can show, to a form post: a page leading to /change-email. */
  const refusedPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    title: string,
    line: string,
  ) =>
    isFormPost(request)
      ? sendAnswerPage(reply, status, { title, lines: [line], link: changeEmailLink })
      : undefined;

  return async (
    request: FastifyRequest<{ Body: CorrectSignupEmailBody }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const user = await accountOf(request, options);
    const unknown = signupCorrectionMessages.unknown;
    const { cannotTell, nothingToCorrect } = answerFrameWords.titles;
    if (!user)
      return (
        refusedPage(request, reply, 401, cannotTell, unknown) ??
        sendError(reply, { status: 401, code: "not_authenticated", detail: unknown })
      );
    accountEmail.set(request, user.email);
    if (await answeredOverLimit(checkAccountLimit, rateLimits.loginPerEmail, request, reply))
      return reply;
    if (await newAddressOverLimit(request, reply)) return reply;
    if (hasher.full()) return busy(reply);
    const { password, new_email } = request.body;
    const checked = await hasher.verify(user.passwordHash ?? decoyHash, password);
    if (!checked.ok) return busy(reply);
    request.logFields = { userId: user.id };
    if (!user.passwordHash || !checked.value) return sendError(reply, wrongPassword);
    const answer = await corrections.correct(user.id, user.passwordHash, new_email);
    if (!answer.ok) {
      const confirmed = signupCorrectionMessages.confirmed;
      switch (answer.problem) {
        case "unknown":
          return (
            refusedPage(request, reply, 401, cannotTell, unknown) ??
            sendError(reply, { status: 401, code: "not_authenticated", detail: unknown })
          );
        case "password_changed":
          return sendError(reply, wrongPassword);
        case "confirmed":
          return (
            refusedPage(request, reply, 400, nothingToCorrect, confirmed) ??
            sendError(reply, { status: 400, code: "email_confirmed", detail: confirmed })
          );
        case "email_taken":
          return sendError(reply, taken);
      }
    }
    request.logFields = { userId: user.id, corrected: answer.corrected };
    if (isFormPost(request)) {
      // /signed-up names the address the link went to, as it does after a sign-up.
      rememberSignedUp(options.signedUpCookie, reply, new_email);
      return reply.redirect(accountPages.signedUp, 303);
    }
    return reply.send({ message: signupCorrectionMessages.corrected });
  };
}

/**
 * Putting right an address mistyped at sign-up, under the auth prefix: for home's notice, whose
 * script sends it as JSON. The page's own form posts to /correct-email (below).
 */
export const signupCorrectionRoutes: FastifyPluginAsync<SignupCorrectionOptions> = async (
  app,
  options,
) => {
  app.post<{ Body: CorrectSignupEmailBody }>(
    "/signup/email/",
    {
      ...operation({
        operationId: "correctSignupEmail",
        summary: "Put right the address of the account this browser has just made",
        description: `For ${signupCorrectionLifetime.words} after signUp, and only until the address is confirmed: the account is the one the browser's sign-up cookie names, checked with its password as a login is (limited and counted with the logins of its address). \`new_email\` becomes the login at once; every session, link and pending parent's request of the account ends, the links still queued to the old address are withdrawn, and "Confirm your email" goes to the new address. The old address is told nothing. An address another account has, or that another account's way back (undoEmailChange) holds, is refused with email_taken, as signUp refuses it. The account's own address again changes nothing and sends nothing, and is answered 200. A confirmed address cannot be corrected: requestEmailChange changes it.`,
        tag: "auth",
        security: "signupCookie",
        body: { schema: correctSignupEmailBodySchema, examples: examples.correctSignupEmailBody },
        answers: {
          200: {
            description: "Corrected: a link to confirm is on its way to the new address",
            schema: messageResponseSchema,
            examples: examples.signupEmailCorrected,
          },
        },
        refusals: {
          400: {
            wrong_password: { detail: signupCorrectionMessages.wrongPassword, attr: "password" },
            email_taken: { detail: authMessages.emailTaken, attr: "new_email" },
            email_confirmed: { detail: signupCorrectionMessages.confirmed },
          },
          401: { not_authenticated: { detail: signupCorrectionMessages.unknown } },
          503: { service_busy: { detail: authMessages.busy } },
        },
        limited: true,
      }),
      config: { rateLimit: options.rateLimits.loginPerIp },
    },
    correcting(app, options),
  );
};

/**
 * The pages the browser that signed up sees as its own: /correct-email with the account's
 * address (masked) and the form, which posts to the page's own address; and /signed-up's
 * "Didn't get it?" as one button, posted to /signed-up, since this browser knows the account.
 * Anyone else gets each page as built.
 */
export const signupCorrectionPageRoutes: FastifyPluginAsync<
  SignupCorrectionOptions & { site: SiteFiles }
> = async (app, options) => {
  const { site, corrections, rateLimits } = options;
  acceptFormPosts(app);

  const page = site.pages.get(accountPages.correctEmail);
  if (page) {
    const html = page.identity.body.toString("utf8");
    const written = (masked: string) =>
      withEdits(html, [
        show(signupCookieParts.correctKnown),
        fill(signedUpAddressSlot, escapeHtml(masked)),
        show(signupCookieParts.correctForm),
        hide(signupCookieParts.correctNone),
      ]);
    try {
      written("a•••@example.ng");
    } catch (error) {
      throw new MissingBuildError(
        `The built ${accountPages.correctEmail} page has no place for the account: run \`npm run build\` again.`,
        { cause: error },
      );
    }
    /** The page as this browser's: for an account it made whose address is not confirmed. */
    const personal = async (request: FastifyRequest) => {
      const user = await accountOf(request, options);
      return user && !user.emailVerifiedAt ? written(maskEmail(user.email)) : undefined;
    };
    app.formPages.personal.set(accountPages.correctEmail, personal);
    app.get(accountPages.correctEmail, { logLevel: "warn" }, async (request, reply) => {
      const own = await personal(request);
      if (own === undefined) return sendFile(request, reply, page);
      return sendFile(request, reply, pageWithHtml(page, own), { cacheControl: "no-store" });
    });
  }

  app.post<{ Body: CorrectSignupEmailBody }>(
    accountPages.correctEmail,
    {
      ...zodBody(correctSignupEmailBodySchema),
      config: { rateLimit: rateLimits.loginPerIp },
    },
    correcting(app, options),
  );

  // Counted per client and mailbox as every link is: the account's, which the cookie names.
  const accountEmail = new WeakMap<object, string>();
  const mailboxOverLimit = checkMailboxLimit(
    app,
    countedByMailbox(rateLimits.mailPerAddress, (request) => accountEmail.get(request) ?? ""),
  );
  app.post(
    accountPages.signedUp,
    { config: { rateLimit: rateLimits.mailPerIp } },
    async (request, reply) => {
      const user = await accountOf(request, options);
      if (!user)
        return sendAnswerPage(reply, 401, {
          title: answerFrameWords.titles.cannotTell,
          lines: [signupCorrectionMessages.unknownForLink],
          link: newLinkAt(`${accountPages.verifyEmail}?new-link#new-link`),
        });
      accountEmail.set(request, user.email);
      if (await mailboxOverLimit(request, reply)) return reply;
      await corrections.resend(user.id);
      request.logFields = { userId: user.id };
      return answerAt(reply, "verifyLinkSent");
    },
  );
};
