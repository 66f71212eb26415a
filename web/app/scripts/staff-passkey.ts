/*
 * The staff area's one script: the passkey ceremonies (WebAuthn) of /staff/login, /staff/enrol
 * and "My passkeys", which no form can do. A button names its ceremony (passkeyScriptParts);
 * a tap asks the server for options, hands them to the browser's authenticator through
 * @simplewebauthn/browser, and posts the answer back. The server's answer says where to go next.
 * Carried inline by each page (CSP-hashed); the staff area ships no other script.
 */

import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import {
  type PasskeyAnswer,
  type PasskeyCeremony,
  passkeyScriptParts,
  staffCeremonies,
} from "@ysp/contract/staff";

const endpoints: Record<PasskeyCeremony, { options: string; verify: string }> = {
  login: { options: staffCeremonies.loginOptions, verify: staffCeremonies.login },
  enrol: { options: staffCeremonies.enrolOptions, verify: staffCeremonies.enrol },
  add: { options: staffCeremonies.addOptions, verify: staffCeremonies.add },
};

/** The words a button carries for each outcome, as data attributes: the page's own words. */
type Outcome = "working" | "cancelled" | "refused" | "failed" | "unsupported";

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
}

/** The enrolment link's token, which /staff/enrol's address carries. */
const linkToken = () => new URLSearchParams(location.search).get("token") ?? undefined;

async function ceremony(kind: PasskeyCeremony): Promise<Outcome | PasskeyAnswer> {
  const token = kind === "enrol" ? linkToken() : undefined;
  const optionsAnswer = await postJson(endpoints[kind].options, { token });
  if (!optionsAnswer.ok) return "refused";
  const optionsJSON = await optionsAnswer.json();
  let response: unknown;
  try {
    response =
      kind === "login"
        ? await startAuthentication({ optionsJSON })
        : await startRegistration({ optionsJSON });
  } catch {
    // The person closed the browser's dialog, or the authenticator had no passkey for us.
    return "cancelled";
  }
  const verified = await postJson(endpoints[kind].verify, { token, response });
  if (!verified.ok) return verified.status >= 500 ? "failed" : "refused";
  return (await verified.json()) as PasskeyAnswer;
}

function start(button: HTMLButtonElement, status: HTMLElement) {
  const kind = button.getAttribute(passkeyScriptParts.ceremonyAttribute) as PasskeyCeremony;
  const say = (outcome: Outcome) => {
    status.textContent = button.dataset[outcome] ?? "";
  };
  if (!browserSupportsWebAuthn()) return say("unsupported");
  button.disabled = false;
  button.addEventListener("click", async () => {
    button.disabled = true;
    say("working");
    const outcome = await ceremony(kind).catch((): Outcome => "failed");
    if (typeof outcome === "object") return location.assign(outcome.next);
    say(outcome);
    button.disabled = false;
  });
}

const button = document.querySelector<HTMLButtonElement>(
  `[${passkeyScriptParts.ceremonyAttribute}]`,
);
const status = document.getElementById(passkeyScriptParts.statusId);
if (button && status) start(button, status);
