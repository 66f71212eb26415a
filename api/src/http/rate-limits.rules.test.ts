import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { type LimitName, loginEmailKey, type RateLimitConfig, rateLimits } from "./rate-limits.ts";

/**
 * The limits' keys and names, with no server: what the API's tests (rate-limits*.test.ts) reach
 * only through a 429, such as which metric label a refusal counts under (ysp_rate_limited_total).
 */
const config: RateLimitConfig = {
  signupPerMinute: 1,
  loginPerMinute: 2,
  loginPerEmailPerMinute: 3,
  refreshPerMinute: 4,
  newsletterPerMinute: 5,
  mailPerMinute: 6,
  mailPerAddressPerHour: 7,
  mailFloodPerAddressPerHour: 8,
};
const named: LimitName[] = [];
const limits = rateLimits(config, (name) => named.push(name));
const request = (body: unknown) => ({ body, ip: "203.0.113.9" }) as unknown as FastifyRequest;
const keyOf = (limit: { keyGenerator?: (request: FastifyRequest) => unknown }, body: unknown) =>
  limit.keyGenerator?.(request(body));

describe("each limit", () => {
  it("counts under its own name, shared by every route of its operation", () => {
    const perIp = {
      signup: limits.signup,
      login: limits.loginPerIp,
      refresh: limits.refresh,
      newsletter: limits.newsletter,
      mail: limits.mailPerIp,
    };
    for (const [name, limit] of Object.entries(perIp)) {
      expect(limit.groupId, name).toBe(name);
      named.length = 0;
      (limit.onExceeded as () => void)();
      expect(named, name).toEqual([name]);
    }
    const inHandlers = {
      "login-email": limits.loginPerEmail,
      "mail-address": limits.mailPerAddress.perClient,
      "mail-address-flood": limits.mailPerAddress.flood,
      "guardian-address": limits.guardianPerAddress.perClient,
      "guardian-address-flood": limits.guardianPerAddress.flood,
      "new-address": limits.mailToNewAddress.perClient,
      "new-address-flood": limits.mailToNewAddress.flood,
      unsubscribe: limits.unsubscribeRefused,
    };
    for (const [name, limit] of Object.entries(inHandlers)) {
      named.length = 0;
      limit.exceeded();
      expect(named, name).toEqual([name]);
    }
    expect(limits.unsubscribeRefused.max).toBe(config.mailPerMinute);
  });

  it("counts a login's address as typed in any case, with spaces around, and nothing else as one", () => {
    expect(loginEmailKey(" Ada@Example.NG ")).toBe("login-email:ada@example.ng");
    expect(keyOf(limits.loginPerEmail, { email: " Ada@Example.NG " })).toBe(
      "login-email:ada@example.ng",
    );
    for (const body of [undefined, {}, { email: 42 }])
      expect(keyOf(limits.loginPerEmail, body), JSON.stringify(body)).toBe("login-email:");
  });

  it("counts a mailbox by the field that names it, per client and from all", () => {
    const fields = {
      mailPerAddress: "email",
      guardianPerAddress: "guardian_email",
      mailToNewAddress: "new_email",
    } as const;
    for (const [limit, field] of Object.entries(fields)) {
      const { perClient, flood } = limits[limit as keyof typeof fields];
      const body = { email: "other@example.ng", [field]: " Kid+1@GoogleMail.com " };
      expect(keyOf(perClient, body), limit).toBe("mail-address:kid@gmail.com 203.0.113.9");
      expect(keyOf(flood, body), limit).toBe("mail-address:kid@gmail.com");
    }
  });

  it("counts refused unsubscribe tokens per client", () => {
    expect(keyOf(limits.unsubscribeRefused, {})).toBe("unsubscribe-refused:203.0.113.9");
  });
});
