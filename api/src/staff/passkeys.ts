import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { COSEALG } from "@simplewebauthn/server/helpers";
import { site } from "@ysp/content/site";
import { staffLifetimes } from "@ysp/contract/staff";

/** A passkey as staff_passkeys keeps it: nothing in it is a secret. */
export type StoredPasskey = {
  id: string;
  publicKey: string;
  counter: number;
  transports: string;
};

/** What a ceremony came to: the passkey or its new counter, or why it was refused. */
export type Ceremony<T> = { ok: T } | { refused: string };

/**
 * The WebAuthn ceremonies of the staff area, checked by @simplewebauthn/server against the site's
 * own origin and host name (its RP ID). User verification is required, so a passkey is a factor
 * the member has and one they are (or know: a screen lock); the credential is discoverable, so
 * the login page asks for no address and a phisher's page gets no signature for our host.
 */
/**
 * The signatures a passkey may use: EdDSA, ES256 (what phones and security keys make) and RS256
 * (Windows Hello), named so the library does not probe the runtime for ML-DSA, which Node 24
 * offers only as an experimental API (and warns so at each registration).
 */
const supportedAlgorithmIDs = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

export function createPasskeyCeremonies(publicUrl: string) {
  const { origin, hostname: rpID } = new URL(publicUrl);
  const timeout = staffLifetimes.challenge.seconds * 1000;

  return {
    /**
     * Options for a new passkey of one member. `userID` is the member's row id: a handle the
     * authenticator keeps that names nobody outside our database.
     */
    registration: (member: { id: string; email: string }, existing: StoredPasskey[]) =>
      generateRegistrationOptions({
        rpName: `${site.name} staff`,
        rpID,
        userName: member.email,
        userID: new TextEncoder().encode(member.id),
        timeout,
        attestationType: "none",
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.id,
          transports: transportsOf(passkey),
        })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        supportedAlgorithmIDs,
      }),

    async verifyRegistration(
      response: RegistrationResponseJSON,
      challenge: string,
    ): Promise<Ceremony<StoredPasskey>> {
      try {
        const { verified, registrationInfo } = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs,
        });
        if (!verified) return { refused: "The authenticator's answer did not verify" };
        const { credential } = registrationInfo;
        return {
          ok: {
            id: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString("base64url"),
            counter: credential.counter,
            transports: (credential.transports ?? []).join(","),
          },
        };
      } catch (error) {
        return { refused: messageOf(error) };
      }
    },

    /** Options for a login: no credentials listed, so the authenticator offers its own for our host. */
    authentication: () =>
      generateAuthenticationOptions({ rpID, timeout, userVerification: "required" }),

    async verifyAuthentication(
      response: AuthenticationResponseJSON,
      challenge: string,
      passkey: StoredPasskey,
    ): Promise<Ceremony<{ counter: number }>> {
      try {
        const { verified, authenticationInfo } = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.id,
            publicKey: Buffer.from(passkey.publicKey, "base64url"),
            counter: passkey.counter,
            transports: transportsOf(passkey),
          },
          requireUserVerification: true,
        });
        if (!verified) return { refused: "The passkey's signature did not verify" };
        return { ok: { counter: authenticationInfo.newCounter } };
      } catch (error) {
        return { refused: messageOf(error) };
      }
    },
  };
}

export type PasskeyCeremonies = ReturnType<typeof createPasskeyCeremonies>;

/** The transports as the browser named them at registration, read back from their column. */
const transportsOf = (passkey: StoredPasskey) =>
  (passkey.transports ? passkey.transports.split(",") : []) as AuthenticatorTransport[];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
