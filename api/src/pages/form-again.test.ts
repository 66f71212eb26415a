import { describe, expect, it } from "vitest";
import { formAgain } from "./form-again.ts";

/** A page as the build writes the account pages' forms (FormField in account-page.tsx). */
const page = `<!DOCTYPE html><html><head><title>Forgot your password? | YSP</title></head><body><main id="main"><div class="join-card"><a class="logo" href="/">YSP</a><h1>Forgot your password?</h1>
<form method="post"><input id="new-password" name="password" type="password" required="" aria-describedby="new-password-hint"/><p id="new-password-hint" class="hint">At least 8 characters</p><p id="new-password-error" class="field-error" hidden=""></p><button type="submit">Change password</button></form>
<form method="post" action="/api/v1/auth/password-reset/" data-check=""><div class="field"><label for="forgot-email">Email</label><input id="forgot-email" name="email" type="email" required=""/><p id="forgot-email-error" class="field-error" hidden=""></p></div><button type="submit">Send me a link</button></form>
</div></main></body></html>`;

const refused = (field: string, message: string) => new Map([[field, message]]);

describe("a refused form's page again", () => {
  it("keeps what was typed and writes the message under its field, read with it", () => {
    const html = formAgain(
      page,
      "/api/v1/auth/password-reset/",
      { email: "ada@example" },
      refused("email", "Please enter a valid email address"),
    );
    expect(html).toContain(
      '<input aria-invalid="true" aria-describedby="forgot-email-error" value="ada@example" id="forgot-email"',
    );
    expect(html).toContain(
      '<p id="forgot-email-error" class="field-error">Please enter a valid email address</p>',
    );
    // The other form on the page is left as built.
    expect(html).toContain('<p id="new-password-error" class="field-error" hidden=""></p>');
  });

  it("never writes a password back, and adds its message to the hint it is read with", () => {
    const html = formAgain(
      page,
      undefined,
      { password: "short" },
      refused("password", "Password must be at least 8 characters"),
    );
    expect(html).not.toContain("short");
    expect(html).toContain('aria-describedby="new-password-hint new-password-error"');
    expect(html).toContain(
      '<p id="new-password-error" class="field-error">Password must be at least 8 characters</p>',
    );
  });

  it("writes hostile values and replacement patterns as text, copying nothing", () => {
    for (const typed of ['"><script>alert(1)</script>', "$& $` $' $1", "a".repeat(300)]) {
      const html = formAgain(
        page,
        "/api/v1/auth/password-reset/",
        { email: typed },
        refused("email", "Please enter a valid email address"),
      );
      expect(html).not.toContain("<script>alert(1)");
      expect(html?.match(/<!DOCTYPE/g)).toHaveLength(1);
      expect(Buffer.byteLength(html ?? "")).toBeLessThan(Buffer.byteLength(page) + 1200);
    }
  });

  it("sums the problems up above the heading, each a link to its field, and takes the focus", () => {
    const html =
      formAgain(
        page,
        "/api/v1/auth/password-reset/",
        { email: "ada@example" },
        refused("email", "Please enter a valid email address"),
      ) ?? "";
    expect(html).toContain("<title>Error: Forgot your password? | YSP</title>");
    const summary = /<div class="error-summary"[^>]*>[\s\S]*?<\/ul><\/div><\/div>/.exec(html)?.[0];
    expect(summary).toBe(
      '<div class="error-summary" tabindex="-1" autofocus=""><div role="alert"><h2>There is a problem</h2><ul><li><a href="#forgot-email">Please enter a valid email address</a></li></ul></div></div>',
    );
    // After the logo, before the page's own heading; the one thing on the page to take focus.
    expect(html.indexOf(summary ?? "")).toBeGreaterThan(html.indexOf('class="logo"'));
    expect(html.indexOf(summary ?? "")).toBeLessThan(html.indexOf("<h1>"));
    expect(html.match(/autofocus/g)).toHaveLength(1);
  });

  it("is none when the page has no such form, or no field for the message", () => {
    expect(formAgain(page, "/api/v1/elsewhere/", {}, refused("email", "x"))).toBeUndefined();
    expect(
      formAgain(page, "/api/v1/auth/password-reset/", {}, refused("first_name", "x")),
    ).toBeUndefined();
  });
});

describe("a refused form with a field the page itself marks invalid", () => {
  // The sign-up page for an invite code no student has, as join-page.ts writes it.
  const signup = `<html><head><title>Sign up | YSP</title></head><body><main><h1>Welcome to YSP</h1><form method="post" action="?form=sign-up"><input id="j-password" type="password" name="password" aria-describedby="j-password-hint"/><p id="j-password-hint" class="hint">At least 8 characters</p><input id="j-invite" readOnly="" name="referral_code" value="NOPE42" aria-invalid="true" aria-describedby="j-invite-hint j-invite-note"/><p id="j-invite-hint" class="hint">Filled in from your invite link</p><p class="field-error invite-unknown" id="j-invite-note">No student has this invite code</p><button type="submit">Continue</button></form></main></body></html>`;

  it("keeps the page's own note, adds no line of its own, and sums both problems up", () => {
    const html =
      formAgain(
        signup,
        "?form=sign-up",
        { password: "abc12", referral_code: "NOPE42" },
        new Map([
          ["password", "Password must be at least 8 characters"],
          ["referral_code", "This invite link is not valid"],
        ]),
      ) ?? "";
    expect(html).not.toContain("abc12");
    expect(html).not.toContain('id="j-invite-error"');
    expect(html).not.toContain("This invite link is not valid");
    expect(html).toContain('value="NOPE42"');
    expect(
      [...html.matchAll(/<li><a href="#([^"]+)">([^<]*)<\/a><\/li>/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      ["j-password", "Password must be at least 8 characters"],
      ["j-invite", "No student has this invite code"],
    ]);
  });

  it("sums the page's note up even when the refusal is about another field", () => {
    const html =
      formAgain(
        signup,
        "?form=sign-up",
        { password: "abc12" },
        refused("password", "Password must be at least 8 characters"),
      ) ?? "";
    expect(html).toContain('<a href="#j-invite">No student has this invite code</a>');
  });
});

describe("a refused form with a choice", () => {
  const choice = `<form method="post" data-check=""><input id="guardian-name" name="guardian_name" type="text" value=""/><p id="guardian-name-error" class="field-error" hidden=""></p><div class="field"><label for="relationship">You are the student's</label><select id="relationship" name="relationship" required=""><option value="" disabled="" selected="">Choose…</option><option value="Mother">Mother</option><option value="Other relative">Other relative</option></select><p id="relationship-error" class="field-error" hidden=""></p></div><button type="submit" name="decision" value="grant">Give permission</button></form>`;

  it("marks the select and says why under it, the name kept", () => {
    const html = formAgain(
      choice,
      undefined,
      { guardian_name: "Ngozi Okafor", relationship: "" },
      refused("relationship", "Please choose how you are related to the student"),
    );
    expect(html).toContain(
      '<select aria-invalid="true" aria-describedby="relationship-error" id="relationship"',
    );
    expect(html).toContain(
      '<p id="relationship-error" class="field-error">Please choose how you are related to the student</p>',
    );
    expect(html).toContain('value="Ngozi Okafor"');
  });

  it("keeps the option chosen, and only that one", () => {
    const html =
      formAgain(
        choice,
        undefined,
        { guardian_name: "", relationship: "Other relative" },
        refused("guardian_name", "Please enter your name"),
      ) ?? "";
    expect(html).toContain('<option value="Other relative" selected="">');
    expect(html.match(/selected=""/g)).toHaveLength(1);
    expect(html).toContain('<input aria-invalid="true" aria-describedby="guardian-name-error"');
  });
});
