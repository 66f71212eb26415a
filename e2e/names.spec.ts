import { nameMessages, type SignupResponse } from "@ysp/contract";
import { href } from "react-router";
import {
  expect,
  fillSignupForm,
  gotoHydrated,
  loggedInUser,
  logIn,
  makeStudent,
  nextAnswer,
  signedUpToast,
  signupApi,
  test,
  toast,
} from "./fixtures.ts";

/**
 * A name is letters of any script with their marks (contract/names.ts): the form says so
 * beside the field before anything is sent, with the sentence the API uses, and a Nigerian
 * name with its tone marks signs up as typed.
 */
test.describe("names at sign-up", () => {
  test("a name with a web address gets the sentence, and no account is made", async ({
    page,
    request,
  }) => {
    const student = makeStudent({ last_name: "pay at https://pay-waec-fee.example/now" });
    const posted: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "POST" && sent.url().endsWith(signupApi)) posted.push(sent.url());
    });
    await gotoHydrated(page, href("/join/:id?"));
    await fillSignupForm(page, student);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    const lastName = page.getByLabel("Last name");
    await expect(lastName).toHaveAccessibleDescription(nameMessages.notAName("Last name"));
    await expect(lastName).toBeFocused();
    await expect(page).toHaveURL("/join");
    expect(posted).toEqual([]);
    expect((await logIn(request, student.email, student.password)).status()).toBe(401);
  });

  test("Adébáyọ̀ N'Dri signs up, and the API keeps the name as typed", async ({ page, request }) => {
    // Decomposed, as some phone keyboards type it: the API composes it to one form.
    const student = makeStudent({
      first_name: "Ade\u0301ba\u0301yo\u0323\u0300",
      last_name: "N’Dri-Ọláolúwa",
    });
    await gotoHydrated(page, href("/join/:id?"));
    await fillSignupForm(page, student);
    const answer = nextAnswer<SignupResponse>(page, signupApi);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    const { status, body } = await answer;
    expect(status).toBe(201);
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    expect(await loggedInUser(request, student)).toMatchObject({
      first_name: "Adébáyọ̀",
      last_name: "N’Dri-Ọláolúwa",
    });
  });
});
