import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { appOnDatabase, pgliteForFile, signUpAndLogIn } from "../../test/harness.ts";
import { createSessionRecords } from "../accounts/sessions.ts";
import { authSessions } from "../db/schema.ts";
import { createSessions } from "./sessions.ts";
import { createTokenSigner } from "./tokens.ts";

/**
 * The sessions' rules as the module states them, on a clock of the test's own: what the API's
 * tests (routes/auth.sessions.test.ts) cannot see, such as the reason of a refusal, which only
 * the log shows, and the edge of the grace.
 */
const suite = appOnDatabase(pgliteForFile());
const graceSeconds = 10;
let clock = Date.parse("2026-11-29T09:00:00.500Z");

/** The module on the suite's database, with a signer on the test's clock. */
function sessionsWithGrace(grace = graceSeconds) {
  const signer = createTokenSigner("sessions-test-secret-of-32-chars-or-more", () => clock);
  return createSessions(createSessionRecords(suite.database.db), signer, grace);
}

/** A real account to hang sessions on: its id, at epoch 0. */
async function holder() {
  const login = await signUpAndLogIn(suite.app);
  return { userId: login.json().user.id as string, epoch: 0 };
}

describe("sessions", () => {
  it("signs a rotated pair as issued at the rotation, in seconds", async () => {
    const sessions = sessionsWithGrace();
    const first = await sessions.start(await holder());
    clock += 5_000;
    const rotated = await sessions.rotate(first.refresh);
    if (!rotated.ok) throw new Error(`refused: ${rotated.reason}`);
    for (const token of [rotated.tokens.access, rotated.tokens.refresh])
      expect(decodeJwt(token).iat).toBe(Math.floor(clock / 1000));
  });

  it("keeps 200 characters of the device, and none when there is none", async () => {
    const sessions = sessionsWithGrace();
    const who = await holder();
    await sessions.start(who, `Mozilla/5.0 ${"x".repeat(300)}`);
    await sessions.start(who);
    const devices = await suite.database.db
      .select({ device: authSessions.device })
      .from(authSessions)
      .where(eq(authSessions.userId, who.userId));
    // The login's own session, by the test client, is the third.
    expect(devices).toHaveLength(3);
    expect(devices.map(({ device }) => device?.length ?? null)).toEqual(
      expect.arrayContaining([200, null]),
    );
  });

  it("refuses a token it did not sign as invalid", async () => {
    expect(await sessionsWithGrace().rotate("not-a-token")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("rotates with no grace at all", async () => {
    const sessions = sessionsWithGrace(0);
    const first = await sessions.start(await holder());
    expect((await sessions.rotate(first.refresh)).ok).toBe(true);
  });

  it("answers a retry within the grace with the same pair, and at its end calls it reuse", async () => {
    const sessions = sessionsWithGrace();
    const first = await sessions.start(await holder());
    const rotatedAt = clock;
    const rotated = await sessions.rotate(first.refresh);
    clock = rotatedAt + graceSeconds * 1000 - 1;
    expect(await sessions.rotate(first.refresh)).toEqual(rotated);
    clock = rotatedAt + graceSeconds * 1000;
    expect(await sessions.rotate(first.refresh)).toEqual({ ok: false, reason: "reused" });
    // The session is ended: its newest token is refused too, as a token of an ended session.
    if (!rotated.ok) throw new Error("the first rotation was refused");
    expect(await sessions.rotate(rotated.tokens.refresh)).toEqual({
      ok: false,
      reason: "revoked",
    });
  });
});
