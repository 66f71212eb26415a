import { dataRightsMessages } from "@ysp/contract";
import { expect, logIn, makeStudent, screenshotPath, signUpByApi, test } from "./fixtures.ts";
import { linkTo, waitForMail } from "./inbox.ts";

/**
 * A person's own data, the whole way through with real parts: the browser on the built site
 * (pages with no framework script), the server, its database and the SMTP server whose messages
 * the test reads. The same with no script: form-answers.spec.ts; a parent's permission:
 * parent-answer.spec.ts.
 */

test("your data: a link by mail, then download, correct the name and delete the account", async ({
  page,
  request,
}, testInfo) => {
  const student = makeStudent({ first_name: "Tolu", last_name: "Bello" });
  await signUpByApi(request, student);
  await page.goto("/your-data");
  await expect(page.getByRole("button", { name: "Open my data" })).toBeHidden();
  await page.getByLabel("Email", { exact: true }).fill(student.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText(dataRightsMessages.dataLinkSent)).toBeVisible();

  await page.goto(linkTo(await waitForMail(student.email, "Your data at YSP"), "/your-data"));
  await page.getByRole("button", { name: "Open my data" }).click();
  await expect(page).toHaveURL(/\/your-data\/manage$/);
  await page.screenshot({ path: screenshotPath(testInfo, "your-data-manage"), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("ysp-your-data.json");
  const data = JSON.parse(
    await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  );
  expect(data.account).toMatchObject({ email: student.email, first_name: "Tolu" });

  await page.getByLabel("First name").fill("Toluwani");
  await page.getByLabel("Last name").fill("Bello");
  await page.getByRole("button", { name: "Save my name" }).click();
  await expect(page).toHaveURL(/\/your-data\/name-corrected$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Name corrected");
  await page.getByRole("link", { name: "Back to your data" }).click();

  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText(dataRightsMessages.deleteConfirm).last()).toBeVisible();
  await page.getByLabel(dataRightsMessages.deleteConfirm).fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is deleted");
  const last = await waitForMail(student.email, "Your YSP account is deleted");
  expect(last.text).toContain("Hello,");
  expect((await logIn(request, student.email, student.password)).status()).toBe(401);
});
