import { answerWords } from "@ysp/content/answers";
import { dataRightsWords } from "@ysp/content/data-rights";
import { accountMessages, answerPages, dataRightsPages } from "@ysp/contract";
import {
  expect,
  expectNoAxeViolations,
  makeStudent,
  screenshotPath,
  signUpByApi,
  test,
} from "./fixtures.ts";
import { linkTo, waitForMail } from "./inbox.ts";

/**
 * The pages about one's own data say whose account is open: the server
 * writes the facts in for the browser whose data session it is, with no script on the page.
 */

const words = dataRightsWords;

test("the pages say no account is open until a link opens one; then Manage your data names it, and View my data shows it and prints", async ({
  page,
  request,
}, testInfo) => {
  // Nine pages, two messages and two axe runs: 20 s on two cores shared with other runs.
  test.slow();
  // No data session yet: /email-confirmed says what comes next, and the data pages say so.
  await page.goto("/email-confirmed");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(accountMessages.emailConfirmed);
  await expect(page.getByText(words.emailConfirmedGuardian.later)).toBeVisible();
  await expect(page.getByLabel(words.manage.guardian.label)).toBeHidden();
  await expect(page.getByText(/time to manage your data has run out/)).toHaveCount(0);
  await page.screenshot({
    path: screenshotPath(testInfo, "email-confirmed-no-session"),
    fullPage: true,
  });
  await page.getByRole("link", { name: words.emailConfirmedGuardian.link }).click();
  await expect(page).toHaveURL(/\/your-data$/);
  await page.goto(dataRightsPages.manageYourData);
  await expect(page.getByText(words.noSession.text)).toBeVisible();
  await expect(
    page.getByRole("region", { name: words.manage.account.title, exact: true }),
  ).toBeHidden();
  await page.goto(dataRightsPages.viewYourData);
  await expect(page.getByText(words.noSession.text)).toBeVisible();

  const student = makeStudent({ first_name: "Chidinma", last_name: "Okafor" });
  await signUpByApi(request, student);
  await page.goto(linkTo(await waitForMail(student.email, "Confirm your email"), "/verify-email"));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  // Just confirmed, this browser may ask a parent: the form, not the way to a new link.
  await expect(page.getByLabel(words.manage.guardian.label)).toBeVisible();
  await expect(page.getByText(words.emailConfirmedGuardian.later)).toBeHidden();
  await page.screenshot({
    path: screenshotPath(testInfo, "email-confirmed-session"),
    fullPage: true,
  });
  await page.getByLabel(words.manage.guardian.label).fill(`mum.${student.email}`);
  await page.getByRole("button", { name: words.manage.guardian.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${answerPages.guardianAskedOnConfirm}$`));
  const back = answerWords.guardianAskedOnConfirm.links[0];
  await page.getByRole("link", { name: back.text }).click();
  // Back where the student asked, which is still theirs: the form again, not "Manage your data".
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByLabel(words.manage.guardian.label)).toBeVisible();

  await page.goto(dataRightsPages.yourData);
  await page.getByLabel("Email", { exact: true }).fill(student.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await page.goto(linkTo(await waitForMail(student.email, "Your data at YSP"), "/your-data"));
  await page.getByRole("button", { name: "Open my data" }).click();
  await expect(page).toHaveURL(/\/your-data\/manage$/);

  const account = page.getByRole("region", { name: words.manage.account.title, exact: true });
  await expect(account).toBeVisible();
  const fact = (name: string) => account.locator("dt", { hasText: name }).locator("+ dd");
  await expect(fact(words.manage.account.name)).toHaveText("Chidinma Okafor");
  await expect(fact(words.manage.account.email)).toHaveText(student.email);
  await expect(fact(words.manage.account.guardian)).toHaveText(words.states.guardian.pending);
  await expect(fact(words.manage.account.newsletter)).toHaveText(words.states.newsletter.none);
  await expect(page.getByLabel(words.manage.correct.firstName)).toHaveValue("Chidinma");
  await expect(page.getByLabel(words.manage.correct.lastName)).toHaveValue("Okafor");
  await expect(page.getByText(words.noSession.text)).toBeHidden();
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: screenshotPath(testInfo, "your-data-manage-named"),
    fullPage: true,
  });
  // Its parent's field is someone else's address, with the hint every address field has.
  const parent = page.getByLabel(words.manage.guardian.label);
  await expect(parent).toHaveAttribute("autocomplete", "off");
  await parent.fill("dad@yaho.com");
  await parent.blur();
  await expect(page.getByRole("button", { name: "Did you mean dad@yahoo.com?" })).toBeVisible();

  await page.getByRole("link", { name: words.manage.download.view }).click();
  await expect(page).toHaveURL(/\/your-data\/view$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.view.title);
  for (const section of Object.values(words.view.sections))
    await expect(
      page.getByRole("heading", { level: 2, name: section.title, exact: true }),
    ).toBeVisible();
  await expect(page.getByText(student.email).first()).toBeVisible();
  await expect(page.getByText(words.view.values.terms_accepted)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath(testInfo, "your-data-view"), fullPage: true });

  // Printed: the data alone, without the chat button or the way back.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".chat-button")).toBeHidden();
  await expect(page.getByRole("link", { name: words.view.back })).toBeHidden();
  await expect(page.getByText(student.email).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, "your-data-view-print"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: words.view.back }).click();
  await expect(page).toHaveURL(/\/your-data\/manage$/);
});
