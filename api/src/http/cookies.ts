import {
  accountPages,
  dataRightsLifetimes,
  googleSignIn,
  signupCorrectionLifetime,
} from "@ysp/contract";
import { staffLifetimes } from "@ysp/contract/staff";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isHttps } from "../config.ts";

type CookieSpec = { name: string; seconds: number; path: string; sameSite?: "Strict" | "Lax" };

/**
 * The cookies this server sets, each HttpOnly (no script reads it) and SameSite=Strict (no other
 * site's request carries it), but for the one a sign-in with Google needs back from Google. The
 * request log writes no headers, so none of them.
 *
 * Behind TLS (an https PUBLIC_URL) each is named `__Host-…` and is Secure, with Path=/ and no
 * Domain, as that prefix demands: a browser then takes a cookie of that name only from this very
 * host over https, so neither a sibling subdomain nor someone on the network can put one beside
 * the student's; one they set under the plain name is never read. Over plain http (npm start,
 * the browser tests) a browser would refuse such a cookie, so the names are plain there.
 *
 * A name sent twice is refused, never guessed (CookieSentTwiceError): the browser puts the cookie
 * with the longer Path first, and a stranger's set for /your-data was read as the student's own.
 */
const specs = {
  /**
   * The data session: this browser may manage the data of the account whose link it opened, for
   * 30 minutes. Its Path is the whole site: the data API reads it, and so do the pages that show
   * whose data is open (/your-data/manage, /your-data/view, /email-confirmed), whose only common
   * prefix is "/".
   */
  data: { name: "ysp_data", seconds: dataRightsLifetimes.yourData.seconds, path: "/" },
  /**
   * The address a sign-up without a script went to, masked, for the page it lands on: an hour,
   * long enough to reload. Over plain http only /signed-up is sent it; behind TLS `__Host-`
   * demands Path=/, and the masked address it holds grants nothing.
   */
  signedUpAddress: { name: "ysp_signed_up", seconds: 3600, path: accountPages.signedUp },
  /**
   * The account this browser has just made, as a signed token (signup-cookie.ts), for a
   * day: with it and the password the student puts a mistyped address right. Its Path is the
   * whole site: the API reads it, and so do /signed-up and /correct-email.
   */
  signupAccount: { name: "ysp_signup", seconds: signupCorrectionLifetime.seconds, path: "/" },
  /**
   * One sign-in with Google under way (routes/google.ts): its state, PKCE verifier and nonce, for
   * ten minutes. SameSite=Lax, the one cookie that is not Strict: the provider sends the browser
   * back to us by a top-level navigation from its own site, which a Strict cookie would not join.
   */
  googleSignIn: {
    name: "ysp_google",
    seconds: googleSignIn.signInLifetime.seconds,
    path: googleSignIn.path,
    sameSite: "Lax",
  },
  /**
   * A member of staff's session (staff/staff-sessions.ts): 12 hours at most, and the server ends
   * it sooner after 30 minutes without a request. Only the staff area reads it.
   */
  staff: { name: "ysp_staff", seconds: staffLifetimes.session.seconds, path: "/staff" },
  /** A passkey ceremony's signed challenge, from its options to its answer: five minutes. */
  staffChallenge: {
    name: "ysp_staff_challenge",
    seconds: staffLifetimes.challenge.seconds,
    path: "/staff",
  },
} satisfies Record<string, CookieSpec>;

/** A request that carried one of our cookies twice: either could be a stranger's (errors.ts refuses it). */
export class CookieSentTwiceError extends Error {
  readonly cookie: string;
  constructor(cookie: string) {
    super(`The cookie ${cookie} came twice in one request`);
    this.cookie = cookie;
  }
}

/** One of our cookies, as this server names and sets it. */
export type Cookie = {
  /** Its name here: `__Host-` prefixed behind TLS. */
  name: string;
  /** `value` goes in as given: a token, or what encodeURIComponent made. */
  set: (reply: FastifyReply, value: string) => void;
  clear: (reply: FastifyReply) => void;
  /** Its value in the request, if it came; throws CookieSentTwiceError if it came twice. */
  read: (request: FastifyRequest) => string | undefined;
};

export type Cookies = Record<keyof typeof specs, Cookie>;

/** The values of every cookie called `name` in a Cookie header, in the order they came. */
function valuesOf(header: string, name: string): string[] {
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals >= 0 && pair.slice(0, equals).trim() === name)
      values.push(pair.slice(equals + 1).trim());
  }
  return values;
}

/** Our cookies for the site at `publicUrl`: their names and attributes are decided here, once. */
export function cookiesFor(publicUrl: string): Cookies {
  const tls = isHttps(publicUrl);
  const cookie = ({ name: plain, seconds, path: plainPath, sameSite = "Strict" }: CookieSpec) => {
    const name = tls ? `__Host-${plain}` : plain;
    const path = `Path=${tls ? "/" : plainPath}`;
    const rest = `HttpOnly; SameSite=${sameSite}${tls ? "; Secure" : ""}`;
    return {
      name,
      set: (reply, value) => {
        reply.header("Set-Cookie", `${name}=${value}; ${path}; Max-Age=${seconds}; ${rest}`);
      },
      clear: (reply) => {
        reply.header("Set-Cookie", `${name}=; ${path}; Max-Age=0; ${rest}`);
      },
      read: (request) => {
        const values = valuesOf(request.headers.cookie ?? "", name);
        if (values.length > 1) throw new CookieSentTwiceError(name);
        return values[0] || undefined;
      },
    } satisfies Cookie;
  };
  return {
    data: cookie(specs.data),
    signedUpAddress: cookie(specs.signedUpAddress),
    signupAccount: cookie(specs.signupAccount),
    googleSignIn: cookie(specs.googleSignIn),
    staff: cookie(specs.staff),
    staffChallenge: cookie(specs.staffChallenge),
  };
}
