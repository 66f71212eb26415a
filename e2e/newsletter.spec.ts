import type { Page } from "@playwright/test";
import { answerWords } from "@ysp/content/answers";
import { answerPages, dataRightsPages, type MessageResponse } from "@ysp/contract";
import { href } from "react-router";
import { expect, gotoHydrated, makeStudent, newsletterApi, nextAnswer, test } from "./fixtures.ts";
import { waitForMail } from "./inbox.ts";

/** The footer's newsletter form against the real server and database: no request is answered by the test. */

/** Presses Subscribe: the server's answer to the subscription it sends. */
async function subscribe(page: Page) {
  const answer = nextAnswer<MessageResponse>(page, newsletterApi);
  await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
  return answer;
}

test.describe("newsletter", () => {
  test("asks with a toast, answers the same the second time, and only the mailed link subscribes", async ({
    page,
  }) => {
    const email = makeStudent().email;
    await gotoHydrated(page, href("/"));
    const footer = page.locator("footer");
    await footer.getByLabel(/email/i).fill(email);
    const subscribed = await subscribe(page);
    expect(subscribed.status).toBe(201);
    await expect(page.locator(".toast-success")).toHaveText(subscribed.body.message);
    await expect(footer.getByLabel(/email/i)).toHaveValue("");

    await gotoHydrated(page, href("/login"));
    await footer.getByLabel(/email/i).fill(email.toUpperCase());
    const again = await subscribe(page);
    // Not an error, and the same words: whether an address is subscribed is its owner's business.
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(subscribed.body.message);
    await expect(page.locator(".toast-success")).toHaveText(again.body.message);

    // Asked twice, two messages: only the newest link works, and subscribes with one tap.
    const mail = await waitForMail(email, "Confirm your subscription", 2);
    const confirm = mail.links.find((link) => link.includes(dataRightsPages.newsletterConfirm));
    const unsubscribe = mail.links.find((link) => link.includes(dataRightsPages.unsubscribe));
    await page.goto(new URL(confirm ?? "").pathname + new URL(confirm ?? "").search);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
    // The page it lands on says it under its heading, once (answers.ts).
    await expect(page).toHaveURL(answerPages.newsletterConfirmed);
    await expect(page.getByText(answerWords.newsletterConfirmed.lines[0] as string)).toBeVisible();

    // Its unsubscribe link: a tap unsubscribes; opened again, it says so with no button.
    const unsubscribeAt = new URL(unsubscribe ?? "").pathname + new URL(unsubscribe ?? "").search;
    await page.goto(unsubscribeAt);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
    await page.goto(unsubscribeAt);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  });

  test("pages without JavaScript subscribe with a plain form post and a readable answer", async ({
    page,
  }) => {
    const email = makeStudent().email;
    await page.goto(href("/faqs"));
    const footer = page.locator("footer");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/faqs");
    expect(
      await footer.getByLabel(/email/i).evaluate((input: HTMLInputElement) => input.validity.valid),
    ).toBe(false);

    await footer.getByLabel(/email/i).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    // A page of the site at its own address, so a reload shows it again and posts nothing.
    await expect(page).toHaveURL("/newsletter/check-email?from=%2Ffaqs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await page.goBack();
    await expect(page).toHaveURL("/faqs");
  });
});
