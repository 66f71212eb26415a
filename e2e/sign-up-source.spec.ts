import { joinPage } from "@ysp/content/join";
import { e2eDatabaseUrl, query } from "./database.ts";
import { expect, fillSignupForm, makeStudent, signupApi, test } from "./fixtures.ts";

/**
 * Where a student came from goes with the sign-up, with a script and without: the server writes
 * it into the form's hidden fields, and the page's script leaves them as written.
 * api/src/routes/sign-up-sources.test.ts has its rules.
 */
for (const script of [true, false]) {
  test.describe(`where a sign-up came from, ${script ? "with a script" : "with no script"}`, () => {
    test.use({ javaScriptEnabled: script });

    test("a campaign link's keys and the site that sent the student go with the account", async ({
      page,
    }) => {
      const student = makeStudent();
      await page.goto("/join?utm_source=WhatsApp&utm_campaign=waec", {
        referer: "https://www.google.com/",
      });
      if (script) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await fillSignupForm(page, student);
      const posted = page.waitForRequest((request) => request.method() === "POST");
      await page.getByRole("button", { name: joinPage.submit, exact: true }).click();
      const request = await posted;
      const sent = script
        ? request.postDataJSON()
        : Object.fromEntries(new URLSearchParams(request.postData() ?? ""));
      expect(sent).toMatchObject({
        email: student.email,
        utm_source: "whatsapp",
        utm_campaign: "waec",
        referrer: "google.com",
      });
      if (script) expect(new URL(request.url()).pathname).toBe(signupApi);
      await expect(page).toHaveURL(script ? "/" : "/signed-up");
      if (e2eDatabaseUrl())
        expect(
          await query(
            "select utm_source, utm_medium, utm_campaign, referrer_domain from users where email = $1",
            [student.email],
          ),
        ).toEqual([
          {
            utm_source: "whatsapp",
            utm_medium: null,
            utm_campaign: "waec",
            referrer_domain: "google.com",
          },
        ]);
    });
  });
}
