import { describe, expect, it } from "vitest";
import { formAgain } from "./form-again.ts";

/** A page as the build writes the account pages' forms (FormField in account-page.tsx). */
const page = `<!DOCTYPE html><html><head><title>Forgot your password? | YSP</title></head><body>
<form method="post"><input id="new-password" name="password" type="password" required="" aria-describedby="new-password-hint"/><p id="new-password-hint" class="hint">At least 8 characters</p><p id="new-password-error" class="field-error" hidden=""></p><button type="submit">Change password</button></form>
<form method="post" action="/api/v1/auth/password-reset/" data-check=""><div class="field"><label for="forgot-email">Email</label><input id="forgot-email" name="email" type="email" required=""/><p id="forgot-email-error" class="field-error" hidden=""></p></div><button type="submit">Send me a link</button></form>
</body></html>`;

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
      '<input aria-invalid="true" aria-describedby="forgot-email-error" autofocus value="ada@example" id="forgot-email"',
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

  it("is none when the page has no such form, or no field for the message", () => {
    expect(formAgain(page, "/api/v1/elsewhere/", {}, refused("email", "x"))).toBeUndefined();
    expect(
      formAgain(page, "/api/v1/auth/password-reset/", {}, refused("first_name", "x")),
    ).toBeUndefined();
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
      '<select aria-invalid="true" aria-describedby="relationship-error" autofocus id="relationship"',
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
