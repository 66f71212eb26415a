import { site } from "@ysp/content/site";
import { dataRightsLifetimes, signupCorrectionLifetime } from "@ysp/contract";
import { accessTokenSeconds } from "../auth/tokens.ts";
import { cookiesFor } from "../http/cookies.ts";

/** The version of /api/v1 as described: the minor number moves with each addition. */
export const apiVersion = "1.2.0";

const description = `The YSP API: student sign-up, login and sessions for the YSP app and site, the links we mail (confirming an email, resetting a password, a person's own data, a parent's permission) and the newsletter.

Every error is answered in one shape: \`type\` and a list of \`errors\`, each with a \`code\` to switch on, a \`detail\` to show people as it is, and the \`attr\` (field) it is about. Each operation lists the codes it can answer, status by status. A 429 or 503 says in \`Retry-After\` how many seconds to wait.

How /api/v1 changes: within v1, changes are additive only (new operations, new optional fields in a body, new fields in an answer, new error codes on new conditions); a client must ignore fields it does not know. Nothing is removed or renamed within v1 without notice: an operation to be withdrawn first answers with a \`Deprecation\` header (RFC 9745) and a \`Sunset\` header (RFC 8594) giving the date, at least 90 days ahead, and the change is listed here. A change that cannot be additive comes as /api/v2, beside v1. An \`operationId\` never changes within v1.`;

/** The OpenAPI document's fixed parts; the operations come from the routes (operation.ts). */
export const openApiBase = (publicUrl: string) => ({
  openapi: "3.1.0",
  info: {
    title: "YSP API",
    version: apiVersion,
    description,
    termsOfService: `${publicUrl}/terms-of-service`,
    contact: { name: "YSP", email: site.email },
    license: {
      name: "Proprietary: use is governed by the YSP Terms of Service",
      url: `${publicUrl}/terms-of-service`,
    },
  },
  servers: [{ url: publicUrl, description: "This deployment (PUBLIC_URL)" }],
  tags: [
    {
      name: "auth",
      description:
        "Sign-up, login, sessions, and the links that confirm an email or reset a password",
    },
    {
      name: "your data",
      description:
        "A person's own data: see, download, correct, stop marketing, ask a parent, delete",
    },
    {
      name: "guardian consent",
      description: "A parent's or guardian's answer to a student's request",
    },
    { name: "newsletter", description: "Asking for the newsletter, confirming it, and leaving it" },
    { name: "health", description: "For load balancers and monitors" },
  ],
  components: {
    securitySchemes: {
      bearerAuth: {
        type: "http" as const,
        scheme: "bearer",
        bearerFormat: "JWT",
        description: `The access token from logIn or refreshSession (${accessTokenSeconds / 60} minutes).`,
      },
      dataAccess: {
        type: "http" as const,
        scheme: "bearer",
        bearerFormat: "JWT",
        description: `The token openYourData returns (${dataRightsLifetimes.yourData.words}); the site's pages send it as the HttpOnly cookie ${cookiesFor(publicUrl).data.name} instead.`,
      },
      signupCookie: {
        type: "apiKey" as const,
        in: "cookie" as const,
        name: cookiesFor(publicUrl).signupAccount.name,
        description: `Set by signUp in the browser that signed up, for ${signupCorrectionLifetime.words}: HttpOnly and SameSite=Strict, so only this site's own pages in that browser send it.`,
      },
    },
  },
});
