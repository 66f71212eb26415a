import type { ApiErrorBody } from "@ysp/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** What the checks read of an answer: an injected one, or one read off a real socket. */
export type Answer = Pick<LightMyRequestResponse, "statusCode" | "headers" | "body" | "json">;

const errorTypes: ApiErrorBody["type"][] = ["validation_error", "client_error", "server_error"];

/**
 * An error answered in the API's shape: `status`, JSON, a known `type` and at
 * least one item, each with a code and a sentence for people (the site shows
 * `errors[0].detail`), and never a stack trace.
 */
export function expectErrorShape(response: Answer, status: number, what = `${status} answer`) {
  expect(response.statusCode, what).toBe(status);
  expect(response.headers["content-type"], what).toMatch(/^application\/json/);
  const body = response.json() as ApiErrorBody;
  expect(body, what).toEqual({ type: expect.toBeOneOf(errorTypes), errors: expect.any(Array) });
  expect(body.errors.length, `${what}: no error items`).toBeGreaterThan(0);
  for (const item of body.errors) {
    expect(item, what).toEqual({
      code: expect.stringMatching(/\S/),
      detail: expect.stringMatching(/\S/),
      attr: expect.toBeOneOf([null, expect.stringMatching(/\S/)]),
    });
  }
  expect(response.body, `${what}: a stack trace`).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

/**
 * The security headers every answer carries. A page gets its own policy: the
 * site's files and its own inline scripts by hash, never 'unsafe-inline'.
 * Anything else (JSON, scripts, images, text) may do nothing if opened as a document,
 * and has no opener policy, which only a document has (which pages do:
 * http/security-headers.test.ts).
 */
export function expectSecurityHeaders(response: Answer, what: string) {
  const headers = response.headers;
  const csp = String(headers["content-security-policy"]);
  if (String(headers["content-type"]).startsWith("text/html")) {
    expect(csp, what).toMatch(/^default-src '(self|none)';/);
    expect(csp, what).toContain("frame-ancestors 'none'");
    const scriptSrc = csp
      .split(";")
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc, what).toMatch(/^script-src( 'self'| 'sha256-[A-Za-z0-9+/=]+')+$/);
  } else {
    expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["cross-origin-opener-policy"], what).toBeUndefined();
  }
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-powered-by"], what).toBeUndefined();
}
