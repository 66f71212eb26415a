import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { answerWords } from "@ysp/content/answers";
import { dataRightsWords } from "@ysp/content/data-rights";
import { googleMailSubjects, googleWords } from "@ysp/content/google";
import { googleSignIn, yourDataApi, yourDataSlots } from "@ysp/contract";
import {
  identityCookie,
  identityCookieValue,
  newGoogleAccount,
  type TestIdentity,
} from "@ysp/testing/openid-provider";
import { e2eDatabaseUrl, query } from "./database.ts";
import {
  confirmByLink,
  expect,
  gotoHydrated,
  makeStudent,
  screenshotPath,
  signUpByApi,
  test,
  uniqueTag,
} from "./fixtures.ts";
import { linkTo, waitForMail } from "./inbox.ts";

const manage = dataRightsWords.manage;

/**
 * Opens `path` in a browser signed in to the provider as `identity` (testing/openid-provider.ts),
 * with the page's script or with none.
 */
async function openAsGoogleUser(page: Page, identity: TestIdentity, script: boolean, path: string) {
  await page
    .context()
    .addCookies([{ name: identityCookie, value: identityCookieValue(identity), url: issuer() }]);
  if (script) await gotoHydrated(page, path);
  else await page.goto(path);
}

const pressContinueWithGoogle = (page: Page) =>
  page.getByRole("link", { name: googleWords.button }).click();

/** The OpenID Provider standing in for Google, which the browser tests' server started. */
const issuer = () => readFileSync(join(process.env.E2E_DATA_DIR ?? "", "openid-provider"), "utf8");

for (const script of [true, false]) {
  test.describe(script ? "with the page's script" : "with no script", () => {
    test.use({ javaScriptEnabled: script });

    test(
      "Continue with Google from an invite link makes the account once; the same account again is told it has one",
      {
        tag: "@layout",
      },
      async ({ page, request }, testInfo) => {
        const inviter = await signUpByApi(request, makeStudent());
        const code = inviter.user.referral_code;
        const identity = newGoogleAccount();
        await openAsGoogleUser(page, identity, script, `/join/${code}`);
        const link = page.getByRole("link", { name: googleWords.button });
        await expect(link).toBeVisible();
        await page.screenshot({ path: screenshotPath(testInfo, `google-join-${script}`) });
        await link.click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.answers.created.title,
        );
        await expect(
          page.getByRole("link", { name: googleWords.answers.created.link.text }),
        ).toHaveAttribute("href", googleWords.answers.created.link.href);
        await page.screenshot({ path: screenshotPath(testInfo, `google-created-${script}`) });

        // The same Google account, from the same invite link: no second account, no second credit.
        await page.goto(`/join/${code}`);
        await pressContinueWithGoogle(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.answers.known.title,
        );
        if (e2eDatabaseUrl()) {
          const credited = await query<{ count: number }>(
            "select count(*)::int as count from users where referred_by = $1",
            [inviter.user.id],
          );
          expect(credited).toEqual([{ count: 1 }]);
        }
      },
    );

    test(
      "Continue with Google on a confirmed account's address mails a link; its tap adds Google sign-in",
      { tag: "@layout" },
      async ({ page, request }, testInfo) => {
        const student = makeStudent({ email: `ada.${uniqueTag()}@gmail.com` });
        await signUpByApi(request, student);
        await confirmByLink(request, student.email);
        const identity = newGoogleAccount({ email: student.email });
        await openAsGoogleUser(page, identity, script, "/join");
        await pressContinueWithGoogle(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.answers.linkSent.title,
        );
        await page.screenshot({ path: screenshotPath(testInfo, `google-link-sent-${script}`) });

        const mail = await waitForMail(student.email, googleMailSubjects.link);
        await page.goto(linkTo(mail, googleSignIn.linkPage));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.linkPage.title,
        );
        await page.screenshot({ path: screenshotPath(testInfo, `google-link-page-${script}`) });
        await page.getByRole("button", { name: googleWords.linkPage.submit }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.answers.linked.title,
        );
        await page.screenshot({ path: screenshotPath(testInfo, `google-linked-${script}`) });

        // From now on the same Google account is known: it logs in to this account.
        await page.goto("/join");
        await pressContinueWithGoogle(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.answers.known.title,
        );

        // "Manage your data" says so, and turns it off while the password remains.
        await request.post(`${yourDataApi}/link/`, { data: { email: student.email } });
        await page.goto(linkTo(await waitForMail(student.email, "Your data at YSP"), "/your-data"));
        await page.getByRole("button", { name: "Open my data" }).click();
        const facts = page.getByRole("region", { name: manage.account.title, exact: true });
        await expect(facts.getByText(manage.account.google, { exact: true })).toBeVisible();
        await expect(facts.locator(`#${yourDataSlots.google}`)).toHaveText(
          dataRightsWords.states.google.on,
        );
        const section = page.getByRole("region", { name: manage.google.title, exact: true });
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(testInfo, `google-manage-${script}`) });
        await section.getByRole("button", { name: manage.google.submit }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          answerWords.googleRemoved.title,
        );
      },
    );

    test(
      "Continue with Google with a name the names rule refuses asks for one, and makes the account with it",
      { tag: "@layout" },
      async ({ page }, testInfo) => {
        const identity = newGoogleAccount({ given_name: "www.win-now.com" });
        await openAsGoogleUser(page, identity, script, "/join");
        await pressContinueWithGoogle(page);
        await expect(page).toHaveURL(new RegExp(`${googleSignIn.namePage}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.namePage.title,
        );
        await page.screenshot({ path: screenshotPath(testInfo, `google-name-${script}`) });
        await page.getByLabel(googleWords.namePage.firstName).fill("Chiamaka");
        await page.getByLabel(googleWords.namePage.lastName).fill("Obi");
        await page.getByRole("button", { name: googleWords.namePage.submit }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          googleWords.answers.created.title,
        );
      },
    );
  });
}
