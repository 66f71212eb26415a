import { dataRightsMessages, formAction, guardianRequestsPerAccount } from "@ysp/contract";
import { expect, makeStudent, signUpByApi, test } from "./fixtures.ts";
import { mailTo, waitForMail } from "./inbox.ts";

/**
 * A student asks parents from /email-confirmed, as a plain form post: after the day's
 * requests, the next is a page that says when they can send another, and no mail goes.
 */
test("after 3 requests in a day, the next says when the student can send another", async ({
  page,
  request,
}) => {
  const student = makeStudent({ first_name: "Ọláolúwa", last_name: "N'Dri" });
  await signUpByApi(request, student);
  const confirm = await waitForMail(student.email, "Confirm your email");
  const link = new URL(confirm.links.find((url) => url.includes("/verify-email")) ?? "");
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);

  const ask = async (parent: string) => {
    await page.goto("/email-confirmed");
    await page.getByLabel("Parent's or guardian's email").fill(parent);
    await page.getByRole("button", { name: "Send the request" }).click();
  };
  for (let n = 1; n <= guardianRequestsPerAccount.max; n++) {
    await ask(`parent${n}.${student.email}`);
    await expect(page.getByText(dataRightsMessages.guardianRequestSent)).toBeVisible();
  }
  const fourth = `parent4.${student.email}`;
  // The form posts to its own page, naming itself (form-actions.ts).
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith(formAction("parent-request")),
  );
  await ask(fourth);
  const refused = await answer;
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(23 * 3600);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please wait a moment");
  await expect(
    page.getByText(
      "You have sent 3 requests to a parent or guardian in the last 24 hours. You can send another in 24 hours.",
    ),
  ).toBeVisible();
  await waitForMail(`parent3.${student.email}`, "A student asks for your permission to use YSP");
  expect(mailTo(fourth, "A student asks for your permission to use YSP")).toEqual([]);
});
