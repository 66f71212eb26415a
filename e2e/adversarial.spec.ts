import type { Page, Request } from "@playwright/test";
import { joinPage } from "@ysp/content/join";
import { apiMessages, nameMessages, type SignupResponse, type TokenPair } from "@ysp/contract";
import { hostilePaths } from "@ysp/testing/addresses";
import { href } from "react-router";
import {
  cspViolations,
  expect,
  fillSignupForm,
  gotoHydrated,
  logIn,
  makeStudent,
  nextAnswer,
  type Student,
  scrollToBottom,
  signedUpToast,
  signupApi,
  storeSession,
  test,
  toast,
  uniqueTag,
} from "./fixtures.ts";

/**
 * What a hostile visitor would try in a browser: markup in the fields the site takes, and
 * addresses that might make the router send people elsewhere. The server's side of each is
 * tested without a browser (api/src/routes/newsletter.test.ts, site.hostile-paths.test.ts). Everything here talks to the
 * real server; the fixture also fails a test on any dialog, page error or Content-Security-Policy
 * violation.
 */

async function signUp(page: Page, student: Student) {
  await fillSignupForm(page, student);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

/**
 * Payloads that would leave a trace if they ever became markup: an element
 * the page never has, an event-handler attribute, or the `__xss` flag.
 */
async function expectNoInjectedMarkup(page: Page) {
  const found = await page.evaluate(() => ({
    flag: (window as { __xss?: unknown }).__xss,
    injected: [
      ...document.querySelectorAll('img[src="x"], [onerror], [onload], [onclick], [onmouseover]'),
    ].map((el) => el.outerHTML.slice(0, 120)),
    scripts: [...document.scripts]
      .filter((s) => /alert\(|__xss/.test(s.textContent ?? ""))
      .map((s) => s.outerHTML.slice(0, 120)),
    javascriptUrls: [...document.querySelectorAll("[href], [src], [action], [formaction]")]
      .filter((el) =>
        ["href", "src", "action", "formaction"].some((name) =>
          /^\s*javascript:/i.test(el.getAttribute(name) ?? ""),
        ),
      )
      .map((el) => el.outerHTML.slice(0, 120)),
  }));
  expect(found).toEqual({ flag: undefined, injected: [], scripts: [], javascriptUrls: [] });
}

/**
 * A name is letters of any script with their marks (contract/names.ts; the API refuses the same:
 * api/src/routes/guardian-requests.test.ts): markup, or a web address a scammer might plant, is
 * refused beside its field with the API's sentence, before anything is sent, and shown as text.
 */
const notNames = [
  { names: { last_name: "pay at https://pay-waec-fee.example/now" }, refused: ["Last name"] },
  {
    names: { first_name: "<img src=x onerror=alert(1)>", last_name: '"><script>alert(1)</script>' },
    refused: ["First name", "Last name"],
  },
  {
    names: { first_name: "<svg onload=alert(1)>", last_name: "javascript:alert(1)" },
    refused: ["First name", "Last name"],
  },
  {
    names: {
      first_name: '<img src=x onerror="window.__xss=1">',
      last_name: "<svg/onload=window.__xss=1>",
    },
    refused: ["First name", "Last name"],
  },
] as const;

test("a name that is markup or a web address is refused at the form as text, and nothing is sent", async ({
  page,
  request,
}) => {
  const posted: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().endsWith(signupApi)) posted.push(sent.url());
  });
  await gotoHydrated(page, href("/join/:id?"));
  for (const { names, refused } of notNames) {
    const student = makeStudent(names);
    await signUp(page, student);
    for (const label of refused) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(
        nameMessages.notAName(label),
      );
      await expect(page.getByText(nameMessages.notAName(label))).toBeVisible();
    }
    await expect(page.getByLabel(refused[0])).toBeFocused();
    await expect(page).toHaveURL("/join");
    await expectNoInjectedMarkup(page);
    expect((await logIn(request, student.email, student.password)).status()).toBe(401);
  }
  expect(posted).toEqual([]);
});

test("markup in the email is kept as text", async ({ page, request }) => {
  // The one piece of the student the site shows is the email, so it carries what an address
  // may hold that means something to HTML or a template (' & / { }): markup it may not.
  const student = makeStudent({
    email: `o'brien&lt/script&gt{{7*7}}+${uniqueTag()}@example.com`,
  });
  await gotoHydrated(page, href("/join/:id?"));
  const answer = nextAnswer<SignupResponse>(page, signupApi);
  await signUp(page, student);
  await expect(toast(page, signedUpToast((await answer).body))).toBeVisible();
  await expect(page).toHaveURL("/");
  await expectNoInjectedMarkup(page);

  const login = await request.post("/api/v1/auth/login/", {
    data: { email: student.email, password: student.password },
  });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as TokenPair;
  const me = await request.get("/api/v1/auth/me/", {
    headers: { authorization: `Bearer ${session.access}` },
  });
  expect(me.status()).toBe(200);
  expect(me.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await me.json()).toMatchObject({ email: student.email });

  // Signed in, the sign-up page names the account it is signed in as.
  await storeSession(page, { accessToken: session.access, refreshToken: session.refresh });
  await gotoHydrated(page, href("/join/:id?"));
  const notice = page.getByRole("status").filter({ hasText: "logged in as" });
  await expect(notice).toContainText(`You are already logged in as ${student.email}.`);
  expect(await notice.locator("img, svg, script").count()).toBe(0);
  await expectNoInjectedMarkup(page);
});

test.describe("markup in invite codes is kept as text", () => {
  // Up to 32 characters a code's shape is the server's to judge; past 32 the browser already
  // knows the server would refuse it (contract/signup.ts), and says so under the field.
  const codes = [
    { path: `/join/${encodeURIComponent("<script>alert(1)</script>")}`, refusedBy: "server" },
    { path: "/join/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", refusedBy: "server" },
    { path: "/join/'%3E%3Csvg%20onload%3Dalert(1)%3E", refusedBy: "server" },
    {
      path: `/join/${encodeURIComponent("\"><img src=x onerror='window.__xss=1'>")}`,
      refusedBy: "browser",
    },
  ].map((code) => ({ ...code, code: decodeURIComponent(code.path.slice("/join/".length)) }));

  /** Opens the sign-up page of an invite link whose code is markup, and presses Continue. */
  async function signUpWithCode(page: Page, { path, code, refusedBy }: (typeof codes)[number]) {
    const response = await gotoHydrated(page, path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByLabel("Invite code")).toHaveValue(code);
    await scrollToBottom(page);
    await expectNoInjectedMarkup(page);
    expect(await cspViolations(page)).toEqual([]);

    const posted: unknown[] = [];
    const count = (sent: Request) => {
      if (sent.method() === "POST" && sent.url().endsWith(signupApi))
        posted.push(sent.postDataJSON());
    };
    page.on("request", count);
    await signUp(page, makeStudent());
    if (refusedBy === "server") {
      await expect(page.locator(".toast-error")).toHaveText(apiMessages.referralFormat);
      expect(posted).toEqual([expect.objectContaining({ referral_code: code })]);
    } else {
      await expect(page.getByText(joinPage.invite.unknown)).toBeVisible();
      await expect(page.getByLabel("Invite code")).toBeFocused();
      expect(posted).toEqual([]);
    }
    page.off("request", count);
    expect(new URL(page.url()).pathname).toBe(new URL(path, page.url()).pathname);
    await expectNoInjectedMarkup(page);
  }

  test("markup in a code is shown as text and refused, by the server or the browser; with a slash it is the not-found page", async ({
    page,
  }) => {
    // Five pages, each searched for markup, and three sign-ups: 18 s on two cores shared with others.
    test.slow();
    const response = await page.goto("/join/<script>alert(1)</script>");
    expect(page.url()).toContain("/join/%3Cscript%3Ealert(1)%3C/script%3E");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Oops.. It Seems you lost your way" }),
    ).toBeVisible();
    await scrollToBottom(page);
    await expectNoInjectedMarkup(page);
    expect(await cspViolations(page)).toEqual([]);

    for (const code of codes) await signUpWithCode(page, code);
  });
});

test.describe("markup in the newsletter field is kept as text", () => {
  const invalidEmails = [
    "<img src=x onerror=alert(1)>",
    '"><script>alert(1)</script>',
    "<svg onload=alert(1)>",
    "javascript:alert(1)",
    // Spaces make it an invalid address for the form and for the API alike.
    '"<img src=x onerror=alert(1)>"@example.com',
    // One address in disguise, which mail software would deliver to kid@x.com.
    "kid@x.com,",
    "<kid@x.com>",
  ];
  const nastyValidEmail = () => `o'brien&lt/script&gt{{7*7}}+${uniqueTag()}@example.com`;

  test("with the page's script: the site's message, nothing posted, and a valid one sent", async ({
    page,
  }) => {
    // Seven addresses on two pages, each searched for markup: 8 s alone, past 30 s beside other
    // runs on the same two cores.
    test.setTimeout(60_000);
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("form=newsletter")) posts++;
    });
    for (const path of [href("/"), href("/faqs")]) {
      await gotoHydrated(page, path);
      const footer = page.locator("footer");
      const field = footer.getByLabel(/email/i);
      for (const email of invalidEmails) {
        await field.fill(email);
        await footer.getByRole("button", { name: "Subscribe" }).click();
        await expect(footer.locator(".field-error")).toHaveText(
          "Please enter a valid email address",
        );
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveValue(email);
        await expect(page).toHaveURL(path);
        await expectNoInjectedMarkup(page);
      }
    }
    expect(posts).toBe(0);

    const footer = page.locator("footer");
    await footer.getByLabel(/email/i).fill(nastyValidEmail());
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    expect(posts).toBe(1);
    await expectNoInjectedMarkup(page);
  });
});

// The server answers each of these in place (api/src/routes/site.hostile-paths.test.ts); here the
// page's own scripts, the router's among them, must not send the browser elsewhere either.
test("in the browser, every hostile address stays on this site", async ({ page, baseURL }) => {
  const here = new URL(baseURL ?? "").host;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).host !== here)
      elsewhere.push(request.url());
  });
  for (const path of hostilePaths) {
    await page.goto(`${baseURL}${path}`);
    if (await page.locator('script[type="module"]').count())
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(new URL(page.url()).host, path).toBe(here);
    expect(await cspViolations(page), path).toEqual([]);
  }
  expect(elsewhere).toEqual([]);
});
