import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/** What a ceremony may be made to say otherwise than a faithful authenticator would. */
export type Tampering = {
  /** The origin the browser puts in clientDataJSON: a phishing page's, say. */
  origin?: string;
  /** Whether the authenticator verified its user (fingerprint, PIN): a passkey without is refused. */
  userVerified?: boolean;
  /** The signature counter to sign with, as a cloned authenticator's would be: behind the real one's. */
  counter?: number;
};

type Credential = { id: Buffer; privateKey: KeyObject; userHandle: string; counter: number };

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** User present (0x01), and user verified (0x04) unless told otherwise. */
const flags = (userVerified: boolean, extra = 0) =>
  Buffer.of(0x01 | (userVerified ? 0x04 : 0) | extra);

/** The ES256 public key as COSE writes it (RFC 9053): kty EC2, alg -7, crv P-256, x, y. */
function coseKey(privateKey: KeyObject): Uint8Array {
  const { x, y } = privateKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(x as string, "base64url")],
      [-3, Buffer.from(y as string, "base64url")],
    ]),
  );
}

/**
 * A passkey authenticator in software, as WebAuthn (Level 3) has a browser and a platform
 * authenticator answer together: attestation "none", ES256 keys, discoverable credentials.
 * For the API's tests of the staff area, which need no browser; e2e/staff.spec.ts runs the same
 * ceremonies in Chromium with its virtual authenticator.
 */
export function passkeyAuthenticator(origin: string) {
  const rpIdHash = sha256(new URL(origin).hostname);
  const credentials: Credential[] = [];
  const clientData = (type: string, challenge: string, tampering: Tampering) =>
    Buffer.from(
      JSON.stringify({ type, challenge, origin: tampering.origin ?? origin, crossOrigin: false }),
    );

  return {
    create(
      options: PublicKeyCredentialCreationOptionsJSON,
      tampering: Tampering = {},
    ): RegistrationResponseJSON {
      const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const id = randomBytes(16);
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      const authData = Buffer.concat([
        rpIdHash,
        flags(tampering.userVerified ?? true, 0x40),
        uint32(0),
        Buffer.alloc(16),
        Buffer.of(0, id.length),
        id,
        coseKey(privateKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authData],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge, tampering)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },

    /** A login with this authenticator's newest passkey, or the one given. */
    get(
      options: PublicKeyCredentialRequestOptionsJSON,
      tampering: Tampering = {},
      which = credentials.length - 1,
    ): AuthenticationResponseJSON {
      const credential = credentials[which];
      if (!credential) throw new Error("This authenticator has no passkey yet");
      credential.counter += 1;
      const authData = Buffer.concat([
        rpIdHash,
        flags(tampering.userVerified ?? true),
        uint32(tampering.counter ?? credential.counter),
      ]);
      const data = clientData("webauthn.get", options.challenge, tampering);
      const signature = sign(
        "sha256",
        Buffer.concat([authData, sha256(data)]),
        credential.privateKey,
      );
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

export type PasskeyAuthenticator = ReturnType<typeof passkeyAuthenticator>;
