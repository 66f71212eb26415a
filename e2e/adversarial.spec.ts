import { request as httpRequest } from "node:http";
import type { APIRequestContext, Page } from "@playwright/test";
import { joinPage } from "@ysp/content/join";
import {
  answerPages,
  apiMessages,
  nameMessages,
  type SignupResponse,
  type TokenPair,
} from "@ysp/contract";
import { href } from "react-router";
import {
  cspViolations,
  expect,
  fillSignupForm,
  gotoHydrated,
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
 * What a hostile visitor would try: markup in every field the site takes,
 * addresses that might make the server or the router send people elsewhere,
 * and links that could hand this page to another site. Everything here talks
 * to the real server; the fixture also fails a test on any dialog, page error
 * or Content-Security-Policy violation.
 */

const evilHost = "evil.example";

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

test.describe("markup in names and email is kept as text", () => {
  const namePayloads = [
    { first_name: "<img src=x onerror=alert(1)>", last_name: '"><script>alert(1)</script>' },
    { first_name: "<svg onload=alert(1)>", last_name: "javascript:alert(1)" },
    {
      first_name: '<img src=x onerror="window.__xss=1">',
      last_name: "<svg/onload=window.__xss=1>",
    },
  ];

  // A name is letters (contract/names.ts): markup is refused at the form, shown as text.
  for (const [index, names] of namePayloads.entries()) {
    test(`sign-up ${index + 1}: ${names.first_name} ${names.last_name} is refused as text`, async ({
      page,
      request,
    }) => {
      const student = makeStudent(names);
      const posted: string[] = [];
      page.on("request", (sent) => {
        if (sent.method() === "POST" && sent.url().endsWith(signupApi)) posted.push(sent.url());
      });
      await gotoHydrated(page, href("/join/:id?"));
      await signUp(page, student);
      await expect(page.getByText(nameMessages.notAName("First name"))).toBeVisible();
      await expect(page.getByText(nameMessages.notAName("Last name"))).toBeVisible();
      await expectNoInjectedMarkup(page);
      expect(posted).toEqual([]);
      const login = await request.post("/api/v1/auth/login/", {
        data: { email: student.email, password: student.password },
      });
      expect(login.status()).toBe(401);
    });
  }

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
});

test.describe("markup in invite codes is kept as text", () => {
  test("a code with a slash in it, as a browser sends it, is the not-found page", async ({
    page,
  }) => {
    const response = await page.goto("/join/<script>alert(1)</script>");
    expect(page.url()).toContain("/join/%3Cscript%3Ealert(1)%3C/script%3E");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Oops.. It Seems you lost your way" }),
    ).toBeVisible();
    await scrollToBottom(page);
    await expectNoInjectedMarkup(page);
    expect(await cspViolations(page)).toEqual([]);
  });

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

  for (const { path, code, refusedBy } of codes) {
    test(`${code}: shown as text, refused by the ${refusedBy}`, async ({ page }) => {
      const response = await gotoHydrated(page, path);
      expect(response?.status()).toBe(200);
      await expect(page.getByLabel("Invite code")).toHaveValue(code);
      await scrollToBottom(page);
      await expectNoInjectedMarkup(page);
      expect(await cspViolations(page)).toEqual([]);

      const posted: unknown[] = [];
      page.on("request", (sent) => {
        if (sent.method() === "POST" && sent.url().endsWith(signupApi))
          posted.push(sent.postDataJSON());
      });
      await signUp(page, makeStudent());
      if (refusedBy === "server") {
        await expect(page.locator(".toast-error")).toHaveText(apiMessages.referralFormat);
        expect(posted).toEqual([expect.objectContaining({ referral_code: code })]);
      } else {
        await expect(page.getByText(joinPage.invite.unknown)).toBeVisible();
        await expect(page.getByLabel("Invite code")).toBeFocused();
        expect(posted).toEqual([]);
      }
      expect(new URL(page.url()).pathname).toBe(new URL(path, page.url()).pathname);
      await expectNoInjectedMarkup(page);
    });
  }
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

  test("a post past the page's script comes back with its markup as text", async ({ page }) => {
    const footer = page.locator("footer");
    const field = footer.getByLabel(/email/i);
    // What a hand-made form could send: markup in both fields.
    const forcedPost = async (email: string) => {
      await page.goto(href("/faqs"));
      await field.fill(email);
      // Sent as the browser sends a form, without the submit event the page's check listens to.
      await Promise.all([
        page.waitForEvent("load"),
        footer.locator("form").evaluate((form: HTMLFormElement) => {
          const source = form.elements.namedItem("source") as HTMLInputElement;
          source.value = '"><img src=x onerror="window.__xss=1">';
          form.submit();
        }),
      ]);
    };

    // Refused: the page the field was on again, the address kept and the message under it.
    await forcedPost(invalidEmails[0] ?? "");
    const again = page.locator("footer").getByLabel(/email/i);
    await expect(again).toHaveAttribute("aria-invalid", "true");
    await expect(again).toHaveValue(invalidEmails[0] ?? "");
    await expect(page.locator("footer")).toContainText("Please enter a valid email address");
    await expectNoInjectedMarkup(page);
    expect(await cspViolations(page)).toEqual([]);

    // Taken: sent on to the site's own page that says so, whatever the source field held.
    await forcedPost(nastyValidEmail());
    await expect(page).toHaveURL(answerPages.newsletterAsked);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await expectNoInjectedMarkup(page);
  });
});

test.describe("no redirect to a place taken from input", () => {
  const hostilePaths = [
    `//${evilHost}/`,
    `/\\${evilHost}`,
    `/%2F%2F${evilHost}`,
    `/%5C${evilHost}`,
    `/.%2F%2F${evilHost}`,
    `/join/https:%2F%2F${evilHost}`,
    `/join/%2F%2F${evilHost}`,
    `/join//${evilHost}`,
    `/about-us/..%2F..%2F${evilHost}`,
    `/faqs/`,
    `/?next=https://${evilHost}`,
    `/?next=//${evilHost}`,
    `/login?redirect=https://${evilHost}`,
    `/join?redirect=https://${evilHost}&next=//${evilHost}`,
  ];

  /** A GET with the path sent exactly as written: URL parsers would turn `//host` into a host. */
  const rawGet = (base: string, path: string) => {
    const { hostname, port } = new URL(base);
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const request = httpRequest({ hostname, port, path, method: "GET" }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            body += chunk;
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        });
        request.on("error", reject);
        request.end();
      },
    );
  };

  const expectStaysHome = (
    base: string,
    label: string,
    answer: { status: number; headers: Record<string, unknown>; body: string },
  ) => {
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400) {
      expect(typeof location, `${label}: a redirect needs a Location`).toBe("string");
      expect(new URL(String(location), base).host, `${label}: Location ${location}`).toBe(
        new URL(base).host,
      );
    }
    expect(answer.headers.refresh, `${label}: Refresh header`).toBeUndefined();
    if (String(answer.headers["content-type"]).startsWith("text/html")) {
      expect(answer.body, `${label}: the page echoes the hostile host`).not.toContain(evilHost);
    }
  };

  /** Links, sources and form targets of a page of ours: none to the hostile host or a script. */
  const expectNoLinkFromInput = (label: string, html: string) => {
    const targets = [...html.matchAll(/\s(?:href|src|action|formaction)\s*=\s*"([^"]*)"/gi)].map(
      (m) => m[1] ?? "",
    );
    expect(targets.length, label).toBeGreaterThan(0);
    for (const target of targets) {
      expect(target, label).not.toContain(evilHost);
      expect(target, label).not.toMatch(/^(javascript:|\/[/\\])/i);
    }
    expect(html, label).not.toMatch(/http-equiv\s*=\s*"?refresh/i);
  };

  test("hostile paths are answered in place, never with a Location elsewhere", async ({
    baseURL,
  }) => {
    const base = baseURL ?? "";
    for (const path of hostilePaths) {
      const answer = await rawGet(base, path);
      expect(answer.status, path).toBeLessThan(500);
      expectStaysHome(base, path, answer);
    }
  });

  test("the newsletter's form post links back only to our own pages", async ({
    request,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const post = (context: APIRequestContext, email: string, source: string) =>
      context.post("/api/v1/newsletter/", { form: { email, source }, maxRedirects: 0 });
    const sources = [
      `https://${evilHost}`,
      `//${evilHost}`,
      `/\\${evilHost}`,
      `javascript:alert(1)`,
      `/faqs/../..//${evilHost}`,
    ];
    for (const source of sources) {
      for (const email of [`ada.${uniqueTag()}@example.com`, "not-an-email"]) {
        const response = await post(request, email, source);
        const label = `source=${source} email=${email}`;
        expect([303, 400], label).toContain(response.status());
        if (response.status() === 303)
          expect(response.headers().location, label).toBe(answerPages.newsletterAsked);
        else expect(response.headers()["content-type"], label).toMatch(/^text\/html/);
        const body = await response.text();
        expectStaysHome(base, label, {
          status: response.status(),
          headers: response.headers(),
          body,
        });
        // A 303 has no body: its Location, checked above, is its one link. A refusal is the
        // page the field was on, with that page's own links (its canonical address, the store):
        // none of them may come from the source field.
        if (response.status() === 400) expectNoLinkFromInput(label, body);
      }
    }
  });

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
});
