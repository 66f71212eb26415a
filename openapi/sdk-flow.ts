import type { paths } from "@ysp/contract/openapi";
import createClient from "openapi-fetch";

/**
 * A student's account driven as the app's developers would drive it, through a client made
 * from the API's document alone (openapi-fetch over the generated contract/openapi.ts): sign
 * up, log in, see the sessions, change the password, change the address, log out everywhere.
 * Each refusal is told apart by its `code`, which the document narrows per operation, so the
 * program compares codes with no cast. sdk-flow.test.ts runs it against the real server.
 */

export type Student = { email: string; password: string; first_name: string; last_name: string };

/** The token of the link the API mailed to `address` that leads to the site's `page`. */
export type MailedLink = (address: string, page: string) => Promise<string>;

type Api = ReturnType<typeof createClient<paths>>;
type Refusal = { errors: { code: string; detail: string }[] };

const bearer = (access: string) => ({ headers: { authorization: `Bearer ${access}` } });

/** An answer the flow did not expect: the operation, its status and the first error's detail. */
const unexpected = (operation: string, response: Response, error?: Refusal) =>
  new Error(`${operation} answered ${response.status}: ${error?.errors[0]?.detail ?? "no error"}`);

/** Signs up and confirms the address with the mailed link. */
async function signUp(api: Api, student: Student, mailedLink: MailedLink): Promise<string[]> {
  const body = { ...student, user_type: "STUDENT" as const, referral_code: "" };
  const made = await api.POST("/api/v1/auth/signup/", { body });
  if (made.error?.errors[0]?.code === "email_taken") throw new Error("Already signed up: log in");
  if (made.error) throw unexpected("signUp", made.response, made.error);
  const token = await mailedLink(student.email, "/verify-email");
  const confirmed = await api.POST("/api/v1/auth/verify-email/", { body: { token } });
  if (confirmed.error) throw unexpected("verifyEmail", confirmed.response, confirmed.error);
  return ["signed up", "address confirmed"];
}

/** Logs in, after a wrong password the API refuses as such: the access token. */
async function logIn(api: Api, { email, password }: Student, steps: string[]): Promise<string> {
  const wrong = await api.POST("/api/v1/auth/login/", {
    body: { email, password: `not-${password}` },
  });
  if (wrong.error?.errors[0]?.code !== "authentication_failed")
    throw unexpected("logIn with a wrong password", wrong.response, wrong.error);
  steps.push("wrong password refused: authentication_failed");
  const { data, error, response } = await api.POST("/api/v1/auth/login/", {
    body: { email, password },
  });
  if (!data) throw unexpected("logIn", response, error);
  steps.push(
    `logged in as ${data.user.first_name}, address confirmed: ${data.user.email_verified}`,
  );
  return data.access;
}

/** The sessions, then a new password (every session ends with it): the new access token. */
async function changePassword(api: Api, access: string, password: string, steps: string[]) {
  const listed = await api.GET("/api/v1/auth/sessions/", bearer(access));
  if (!listed.data) throw unexpected("listSessions", listed.response, listed.error);
  const current = listed.data.sessions.filter((session) => session.current).length;
  steps.push(`${listed.data.sessions.length} session, ${current} current`);
  const newPassword = `${password}-new`;
  const body = { current_password: `not-${password}`, new_password: newPassword };
  const wrong = await api.POST("/api/v1/auth/password/", { body, ...bearer(access) });
  if (wrong.error?.errors[0]?.code !== "wrong_password")
    throw unexpected("changePassword with a wrong password", wrong.response, wrong.error);
  steps.push("wrong current password refused: wrong_password");
  const changed = await api.POST("/api/v1/auth/password/", {
    body: { current_password: password, new_password: newPassword },
    ...bearer(access),
  });
  if (!changed.data) throw unexpected("changePassword", changed.response, changed.error);
  steps.push("password changed");
  return { access: changed.data.access, password: newPassword };
}

/** A new address: the same one refused, then the new one asked for and confirmed there. */
async function changeAddress(
  api: Api,
  { access, password, email }: { access: string; password: string; email: string },
  mailedLink: MailedLink,
  steps: string[],
) {
  const same = await api.POST("/api/v1/auth/email-change/", {
    body: { password, new_email: email },
    ...bearer(access),
  });
  if (same.error?.errors[0]?.code !== "same_email")
    throw unexpected("requestEmailChange to the same address", same.response, same.error);
  steps.push("same address refused: same_email");
  const newEmail = `new.${email}`;
  const asked = await api.POST("/api/v1/auth/email-change/", {
    body: { password, new_email: newEmail },
    ...bearer(access),
  });
  if (asked.error) throw unexpected("requestEmailChange", asked.response, asked.error);
  const token = await mailedLink(newEmail, "/change-email/confirm");
  const confirmed = await api.POST("/api/v1/auth/email-change/confirm/", { body: { token } });
  if (confirmed.error) throw unexpected("confirmEmailChange", confirmed.response, confirmed.error);
  steps.push("address changed");
  return newEmail;
}

/** The new address ended every session: the old token is refused, and the app logs in again. */
async function logInAgain(api: Api, access: string, body: { email: string; password: string }) {
  const me = await api.GET("/api/v1/auth/me/", bearer(access));
  if (me.error?.errors[0]?.code !== "not_authenticated")
    throw unexpected("getMe after the address changed", me.response, me.error);
  const { data, error, response } = await api.POST("/api/v1/auth/login/", { body });
  if (!data) throw unexpected("logIn at the new address", response, error);
  return {
    access: data.access,
    steps: ["old session refused: not_authenticated", "logged in again"],
  };
}

/** Logs out everywhere; the access token is refused after. */
async function logOutEverywhere(api: Api, access: string, steps: string[]) {
  const out = await api.POST("/api/v1/auth/logout/everywhere/", bearer(access));
  if (out.error) throw unexpected("logOutEverywhere", out.response, out.error);
  const after = await api.GET("/api/v1/auth/me/", bearer(access));
  if (after.error?.errors[0]?.code !== "not_authenticated")
    throw unexpected("getMe after logging out everywhere", after.response, after.error);
  steps.push("logged out everywhere: not_authenticated");
}

/** The whole flow against the API at `baseUrl`: what happened, step by step. */
export async function studentFlow(
  baseUrl: string,
  student: Student,
  mailedLink: MailedLink,
): Promise<string[]> {
  const api = createClient<paths>({ baseUrl });
  const steps = await signUp(api, student, mailedLink);
  const access = await logIn(api, student, steps);
  const changed = await changePassword(api, access, student.password, steps);
  const email = await changeAddress(api, { ...changed, email: student.email }, mailedLink, steps);
  const again = await logInAgain(api, changed.access, { email, password: changed.password });
  steps.push(...again.steps);
  await logOutEverywhere(api, again.access, steps);
  return steps;
}
