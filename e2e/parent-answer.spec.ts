import type { APIRequestContext } from "@playwright/test";
import { dataRightsMessages, formAction } from "@ysp/contract";
import {
  confirmByLink,
  expect,
  expectNoAxeViolations,
  loggedInUser,
  makeStudent,
  type Student,
  screenshotPath,
  signUpByApi,
  test,
} from "./fixtures.ts";
import { linkTo, mailTo, waitForMail } from "./inbox.ts";

/**
 * A parent's answer, as a parent meets it on a phone: a refusal asks "Are you sure?" on a page of
 * its own, with "Go back" first; once answered, the link says the answer and when, and a refusal
 * can still become permission. The same with the page's script and with none at all.
 */

const requestSubject = "A student asks for your permission to use YSP";
const refusedSubject = "Your parent or guardian did not give permission";
const refuseButton = "This is not my child / I do not agree";
const sureButton = "Yes, I do not give permission";

/**
 * A student who confirmed their address and asked a parent, as the two pages post their forms
 * (the pages themselves: signup-journey.spec.ts, form-answers.spec.ts): the parent's link.
 */
async function askedParent(request: APIRequestContext, student: Student) {
  await signUpByApi(request, student);
  await confirmByLink(request, student.email);
  const parent = `mum.${student.email}`;
  const asked = await request.post(`/email-confirmed${formAction("parent-request")}`, {
    form: { guardian_email: parent },
    maxRedirects: 0,
  });
  expect(asked.status()).toBe(303);
  return linkTo(await waitForMail(parent, requestSubject), "/guardian-consent");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with the page's script" : "with no script at all", () => {
    test.use({ javaScriptEnabled });
    // Each is a whole journey: a sign-up, three messages and five pages.
    test.slow();
    const shot = javaScriptEnabled ? "" : "-no-script";

    test("the page names the student; a refusal asks once more, and Go back returns with nothing recorded", async ({
      page,
      request,
    }, testInfo) => {
      const student = makeStudent({ first_name: "Chidi", last_name: "Okafor" });
      const link = await askedParent(request, student);
      await page.goto(link);
      await expect(page.locator("#child-name")).toHaveText("Chidi Okafor");
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({
        path: screenshotPath(testInfo, `guardian-consent-named${shot}`),
        fullPage: true,
      });
      await page.getByRole("button", { name: refuseButton }).click();

      // A page of its own, at the link's own address, saying what the answer does.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Are you sure you do not give permission?",
      );
      await expect(page).toHaveURL(/\/guardian-consent\?token=/);
      await expect(page.locator("#child-name")).toHaveText("Chidi Okafor");
      await expect(page.getByText(/deleted in 30 days, unless a parent or guardian/)).toBeVisible();
      const back = page.getByRole("link", { name: "Go back" });
      const sure = page.getByRole("button", { name: sureButton });
      await expect(back).toBeVisible();
      await expect(sure).toBeVisible();
      // The way back is the main button and comes first, on the screen and to the keyboard.
      const [backBox, sureBox] = [await back.boundingBox(), await sure.boundingBox()];
      expect(backBox?.y ?? 0).toBeLessThan(sureBox?.y ?? 0);
      await expect(back).toHaveClass(/button-primary/);
      await expect(sure).not.toHaveClass(/button-danger|button-primary/);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({
        path: screenshotPath(testInfo, `guardian-refuse-confirm${shot}`),
        fullPage: true,
      });

      await back.click();
      await expect(page).toHaveURL(link);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "A student asks for your permission",
      );
      await expect(page.getByRole("button", { name: "Give permission" })).toBeVisible();
      await expect(page.getByRole("button", { name: refuseButton })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Your answer" })).toBeHidden();
      expect((await loggedInUser(request, student)).guardian_consent).toBe("pending");
      expect(mailTo(student.email, refusedSubject)).toEqual([]);
    });

    test("a refusal, once sure, can still become permission from the same link, with a name", async ({
      page,
      request,
    }, testInfo) => {
      const student = makeStudent({ first_name: "Zainab", last_name: "Bello" });
      const link = await askedParent(request, student);
      await page.goto(link);
      await page.getByRole("button", { name: refuseButton }).click();
      await page.getByRole("button", { name: sureButton }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Answer recorded");
      await expect(page.getByText(dataRightsMessages.guardianRefused)).toBeVisible();
      const told = await waitForMail(student.email, refusedSubject);
      expect(told.text).toContain("Hi Zainab,");
      expect((await loggedInUser(request, student)).guardian_consent).toBe("refused");

      // The link again: the answer and when, the date the account goes, and a way to change it.
      await page.goto(link);
      const answer = page.getByRole("region", { name: "Your answer" });
      await expect(answer).toBeVisible();
      await expect(answer).toContainText(/You said no on \d{1,2} \w+ \d{4} at \d\d:\d\d/);
      await expect(answer).toContainText(/will be deleted on \d{1,2} \w+ \d{4}\./);
      await expect(page.getByRole("button", { name: refuseButton })).toBeHidden();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({
        path: screenshotPath(testInfo, `guardian-consent-refused${shot}`),
        fullPage: true,
      });
      // Nothing is posted while a field is empty: the page's own message, or the browser's check.
      await page.getByRole("button", { name: "Give permission" }).click();
      const name = page.getByLabel("Your name");
      if (javaScriptEnabled) {
        await expect(page.getByText(dataRightsMessages.guardianNameRequired)).toBeVisible();
        await expect(name).toBeFocused();
      } else {
        await expect(page).toHaveURL(link);
        expect(await name.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
      }
      await name.fill("Hauwa Bello");
      await page.getByLabel("You are their").selectOption("Mother");
      await page.getByRole("button", { name: "Give permission" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Permission given");
      expect((await loggedInUser(request, student)).guardian_consent).toBe("granted");

      // Given is shown as given, with nothing left to change.
      await page.goto(link);
      await expect(page.getByRole("region", { name: "Your answer" })).toContainText(
        /You gave permission on \d{1,2} \w+ \d{4}/,
      );
      await expect(page.getByRole("button", { name: "Give permission" })).toBeHidden();
      await expect(page.getByRole("button", { name: refuseButton })).toBeHidden();
      await page.screenshot({
        path: screenshotPath(testInfo, `guardian-consent-granted${shot}`),
        fullPage: true,
      });
    });
  });
}
