import type { APIRequestContext, Page } from "@playwright/test";
import { dataRightsMessages } from "@ysp/contract";
import {
  confirmByLink,
  expect,
  expectNoAxeViolations,
  makeStudent,
  screenshotPath,
  signUpByApi,
  test,
  uniqueTag,
} from "./fixtures.ts";
import { waitForMail } from "./inbox.ts";

/**
 * The parent's address a student types: someone else's, so the browser is not asked to fill in
 * the student's own; a mistyped domain gets "Did you mean …?" as every address field does; and
 * the page after sending says where the request went. The same field on Manage your data:
 * your-data-pages.spec.ts; with no script, the address goes as typed: form-answers.spec.ts.
 */

const label = "Parent's or guardian's email";

/** A new student whose address is confirmed, on /email-confirmed with its parent's form. */
async function onConfirmedPage(page: Page, request: APIRequestContext) {
  const student = makeStudent();
  await signUpByApi(request, student);
  // Confirmed through this page's browser, which keeps the cookie the form asks with.
  await confirmByLink(page.request, student.email);
  await page.goto("/email-confirmed");
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
