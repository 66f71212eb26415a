import { dataRightsMessages } from "@ysp/contract";
import {
  expect,
  expectNoAxeViolations,
  loggedInUser,
  logIn,
  makeStudent,
  screenshotPath,
  signUpByApi,
  test,
} from "./fixtures.ts";
import { linkTo, waitForMail } from "./inbox.ts";

/**
 * A parent's permission and a person's own data, the whole way through with real parts: the
 * browser on the built site (pages with no framework script), the server, its database and the
 * SMTP server whose messages the test reads.
 */

test("a student asks a parent, who gives permission on a page that names the student", async ({
  page,
  request,
}, testInfo) => {
  const student = makeStudent({ first_name: "Chiamaka", last_name: "Eze" });
  await signUpByApi(request, student);
  await page.goto(linkTo(await waitForMail(student.email, "Confirm your email"), "/verify-email"));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  const parent = `mum.${student.email}`;
  await page.getByLabel("Parent's or guardian's email").fill(parent);
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText(dataRightsMessages.guardianRequestSent)).toBeVisible();

  const mail = await waitForMail(parent, "A student asks for your permission to use YSP");
  expect(mail.text).toContain('A student who gave the name "Chiamaka Eze" signed up for YSP');
  await page.goto(linkTo(mail, "/guardian-consent"));
  await expect(page.locator("#child-name")).toHaveText("Chiamaka Eze");
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: screenshotPath(testInfo, "guardian-consent-named"),
    fullPage: true,
  });
  // The page's own messages first, with the script: nothing posted while a field is empty.
  await page.getByRole("button", { name: "Give permission" }).click();
  await expect(page.getByText(dataRightsMessages.guardianNameRequired)).toBeVisible();
  await expect(page.getByLabel("Your name")).toBeFocused();
  await page.getByLabel("Your name").fill("Ngozi Eze");
  await page.getByLabel("You are their").selectOption("Mother");
  await page.getByRole("button", { name: "Give permission" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Permission given");

  expect((await loggedInUser(request, student)).guardian_consent).toBe("granted");
});

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

test.describe("with no script at all", () => {
  test.use({ javaScriptEnabled: false });

  test("a student asks, and a parent refuses, sure after a second page; the student is told", async ({
    page,
    request,
  }) => {
    const student = makeStudent({ first_name: "Emeka", last_name: "Obi" });
    await signUpByApi(request, student);
    await page.goto(
      linkTo(await waitForMail(student.email, "Confirm your email"), "/verify-email"),
    );
    await page.getByRole("button", { name: "Confirm my email" }).click();
    const parent = `dad.${student.email}`;
    await page.getByLabel("Parent's or guardian's email").fill(parent);
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page.getByText(dataRightsMessages.guardianRequestSent)).toBeVisible();

    await page.goto(
      linkTo(
        await waitForMail(parent, "A student asks for your permission to use YSP"),
        "/guardian-consent",
      ),
    );
    await expect(page.locator("#child-name")).toHaveText("Emeka Obi");
    // The browser's own checks hold the permission form while its fields are empty.
    await page.getByRole("button", { name: "Give permission" }).click();
    await expect(page).toHaveURL(/\/guardian-consent\?token=/);
    expect(
      await page
        .getByLabel("Your name")
        .evaluate((input: HTMLInputElement) => input.validity.valid),
    ).toBe(false);

    await page.getByRole("button", { name: "This is not my child / I do not agree" }).click();
    await page.getByRole("button", { name: "Yes, I do not give permission" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Answer recorded");
    await expect(page.getByText(dataRightsMessages.guardianRefused)).toBeVisible();
    const told = await waitForMail(
      student.email,
      "Your parent or guardian did not give permission",
    );
    expect(told.text).toContain("Hi Emeka,");
    expect((await loggedInUser(request, student)).guardian_consent).toBe("refused");
  });

  test("your data: the link opens, and the name is corrected by plain form posts", async ({
    page,
    request,
  }) => {
    const student = makeStudent({ first_name: "Ada", last_name: "Nnaji" });
    await signUpByApi(request, student);
    await page.goto("/your-data");
    await page.getByLabel("Email", { exact: true }).fill(student.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.goto(linkTo(await waitForMail(student.email, "Your data at YSP"), "/your-data"));
    await page.getByRole("button", { name: "Open my data" }).click();
    await expect(page).toHaveURL(/\/your-data\/manage$/);
    await page.getByLabel("First name").fill("Adaora");
    await page.getByLabel("Last name").fill("Nnaji");
    await page.getByRole("button", { name: "Save my name" }).click();
    await expect(page).toHaveURL(/\/your-data\/name-corrected$/);
    expect((await loggedInUser(request, student)).first_name).toBe("Adaora");
  });
});
