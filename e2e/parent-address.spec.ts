import type { APIRequestContext, Page } from "@playwright/test";
import { dataRightsMessages } from "@ysp/contract";
import {
  expect,
  expectNoAxeViolations,
  makeStudent,
  screenshotPath,
  signUpByApi,
  test,
  uniqueTag,
} from "./fixtures.ts";
import { linkIn, linkTo, waitForMail } from "./inbox.ts";

/**
 * The parent's address a student types: someone else's, so the browser is not asked to fill in
 * the student's own; a mistyped domain gets "Did you mean …?" as every address field does; and
 * the page after sending says where the request went.
 */

const label = "Parent's or guardian's email";

// Each is a whole journey: a sign-up, its messages and a few pages.
test.slow();

/** A new student whose address is confirmed, on /email-confirmed with its parent's form. */
async function onConfirmedPage(page: Page, request: APIRequestContext) {
  const student = makeStudent();
  await signUpByApi(request, student);
  await page.goto(linkTo(await waitForMail(student.email, "Confirm your email"), "/verify-email"));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  return student;
}

test("the parent's field offers no autofill, hints at a typo, and the next page names the address", async ({
  page,
  request,
}, testInfo) => {
  await onConfirmedPage(page, request);
  const field = page.getByLabel(label);
  await expect(field).toHaveAttribute("autocomplete", "off");
  await expect(field).toHaveAttribute("type", "email");
  const name = `mum.okafor.${uniqueTag()}`;
  await field.fill(`${name}@gmial.com`);
  await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
  await field.blur();
  const suggestion = page.getByRole("button", { name: `Did you mean ${name}@gmail.com?` });
  await expect(suggestion).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: screenshotPath(testInfo, "guardian-request-typo-hint"),
    fullPage: true,
  });
  await suggestion.click();
  await expect(field).toHaveValue(`${name}@gmail.com`);
  await expect(field).toBeFocused();
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page).toHaveURL(/\/email-confirmed\/parent-asked$/);
  await expect(page.getByText(dataRightsMessages.guardianRequestSent)).toBeVisible();
  await expect(
    page.getByText(dataRightsMessages.guardianRequestSentTo(`${name}@gmail.com`)),
  ).toBeVisible();
  await page.screenshot({
    path: screenshotPath(testInfo, "guardian-request-sent-to"),
    fullPage: true,
  });
  await waitForMail(`${name}@gmail.com`, "A student asks for your permission to use YSP");
});

test("Manage your data gives the parent's field the same hint", async ({ page, request }) => {
  const student = makeStudent();
  await signUpByApi(request, student);
  await page.goto("/your-data");
  await page.getByRole("textbox", { name: "Email" }).fill(student.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await page.goto(linkIn(await waitForMail(student.email, "Your data at YSP")));
  await page.getByRole("button", { name: "Open my data" }).click();
  await expect(page).toHaveURL(/\/your-data\/manage$/);
  const field = page.getByLabel(label);
  await expect(field).toHaveAttribute("autocomplete", "off");
  await field.fill("dad@yaho.com");
  await field.blur();
  await expect(page.getByRole("button", { name: "Did you mean dad@yahoo.com?" })).toBeVisible();
});

test.describe("with no script at all", () => {
  test.use({ javaScriptEnabled: false });

  test("the address goes as typed, and the next page shows it, typo and all", async ({
    page,
    request,
  }, testInfo) => {
    await onConfirmedPage(page, request);
    const field = page.getByLabel(label);
    await expect(field).toHaveAttribute("autocomplete", "off");
    const typed = `mum.okafor.${uniqueTag()}@gmial.com`;
    await field.fill(typed);
    await field.blur();
    await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page).toHaveURL(/\/email-confirmed\/parent-asked$/);
    await expect(page.getByText(dataRightsMessages.guardianRequestSentTo(typed))).toBeVisible();
    await page.screenshot({
      path: screenshotPath(testInfo, "guardian-request-sent-to-no-script"),
      fullPage: true,
    });
  });
});
