import { googleSignIn } from "@ysp/contract";
import {
  type OpenIdProvider,
  startOpenIdProvider,
  type TestIdentity,
} from "@ysp/testing/openid-provider";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import {
  type AppOptions,
  appOnDatabase,
  appWithMailOn,
  googleConfigFor,
  type TestDatabase,
  testCookies,
  testPublicUrl,
} from "./harness.ts";

const cookieName = testCookies.googleSignIn.name;

/** The sign-in cookie the Set-Cookie headers leave, as a Cookie header sends it back. */
export const sentBack = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .findLast((c) => c.startsWith(`${cookieName}=`))
    ?.split(";")[0] ?? "";

/**
 * What came back: the status, the page's heading, the page, where it sends the browser on, and
 * the sign-in cookie it leaves.
 */
export type Landing = {
  status: number;
  heading: string;
  body: string;
  location: string;
  cookie: string;
};

const headingOf = (html: string) =>
  (/<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? "").replaceAll("&#39;", "'");

/** A page answered to a request, as a Landing. */
export const landingOf = (reply: LightMyRequestResponse): Landing => ({
  status: reply.statusCode,
  heading: headingOf(reply.body),
  body: reply.body,
  location: String(reply.headers.location ?? ""),
  cookie: sentBack(reply.headers["set-cookie"]),
});

/** Back at our callback, at `url` (the provider's redirect), with `cookie`. */
export async function callback(
  app: FastifyInstance,
  url: string,
  cookie: string,
): Promise<Landing> {
  const { pathname, search } = new URL(url);
  const reply = await app.inject({ method: "GET", url: pathname + search, headers: { cookie } });
  return landingOf(reply);
}

/**
 * A suite's app with Google sign-in, against a provider of the suite's own on localhost, with
 * its mail going to a real SMTP server of its own when `mail` is set.
 */
export function appWithGoogle<Mail extends boolean = false>(
  testDb: TestDatabase,
  { mail }: { mail?: Mail } = {},
) {
  const on = {} as { provider: OpenIdProvider };
  beforeAll(async () => {
    on.provider = await startOpenIdProvider({
      redirectUris: [`${testPublicUrl}${googleSignIn.callback}`],
    });
  });
  // Registered first, so it runs after the app has closed.
  afterAll(() => on.provider.close());
  const googleConfig = () => googleConfigFor(on.provider);
  const options = (): AppOptions => ({ google: googleConfig() });
  const suite = (
    mail ? appWithMailOn(testDb, options) : appOnDatabase(testDb, options)
  ) as Mail extends true ? ReturnType<typeof appWithMailOn> : ReturnType<typeof appOnDatabase>;

  /** The whole round trip as `identity`, from the button to the page it lands on. */
  async function signInAs(
    identity: TestIdentity,
    query?: string,
    app = suite.app,
  ): Promise<Landing & { back: string }> {
    const reply = await app.inject({
      method: "GET",
      url: `/login/google?${query ?? "terms=accepted"}`,
    });
    on.provider.signInAs(identity);
    const back = await on.provider.authorize(String(reply.headers.location));
    return { ...(await callback(app, back, sentBack(reply.headers["set-cookie"]))), back };
  }

  /** The app's own Google sign-in, with the ID token the provider gives `identity`. */
  const logInWithGoogle = async (identity: TestIdentity, body: Record<string, unknown> = {}) =>
    suite.app.inject({
      method: "POST",
      url: "/api/v1/auth/google/",
      payload: { id_token: await on.provider.idToken(identity), ...body },
    });

  return { on, googleConfig, suite, signInAs, logInWithGoogle };
}
