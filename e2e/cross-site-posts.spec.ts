import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "@playwright/test";
import { crossSitePostPage } from "@ysp/content/error-pages";
import { yourDataApi } from "@ysp/contract";
import { expect, makeStudent, signUpByApi, test } from "./fixtures.ts";
import { type InboxMail, waitForMail } from "./inbox.ts";

/**
 * Another site's page in a real browser: a form that posts itself to one of our links the moment
 * it loads, as a page that wants to plant its own account's session in the student's browser.
 * Chromium says where such a post comes from (Sec-Fetch-Site), and the server refuses it.
 */

/** Pages of "another site", served by this test on a port of its own: any path, its given HTML. */
let elsewhere: Server;
let elsewherePort: number;
const pagesElsewhere = new Map<string, string>();
test.beforeAll(async () => {
  elsewhere = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(pagesElsewhere.get(request.url ?? "") ?? "<!DOCTYPE html><p>Nothing here");
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  elsewherePort = (elsewhere.address() as AddressInfo).port;
});
test.afterAll(() => new Promise((resolve) => elsewhere.close(resolve)));

/**
 * Serves a page on `host` (another site: localhost against the tests' 127.0.0.1; another port of
 * 127.0.0.1: the same site, another origin) with `body`, and returns its address.
 */
function pageElsewhere(host: "localhost" | "127.0.0.1", body: string): string {
  const path = `/${pagesElsewhere.size}`;
  pagesElsewhere.set(path, `<!DOCTYPE html><html><body>${body}</body></html>`);
  return `http://${host}:${elsewherePort}${path}`;
}

/** A form that posts itself to `target` when its page loads. */
const autoPost = (target: string) =>
  `<form method="post" action="${target}"><input type="hidden" name="x" value="1"></form>
<script>document.forms[0].submit()</script>`;

/** The absolute address of the message's link to `path`, on the test server. */
function linkTo(mail: InboxMail, path: string, baseURL: string): string {
  const link = mail.links.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no link to ${path} in "${mail.subject}"`);
  const url = new URL(link);
  return new URL(url.pathname + url.search, baseURL).href;
}

const dataCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name === "ysp_data");

/**
 * What Chromium says, in Sec-Fetch-Site, about where each post to a path came from: read from its
 * DevTools protocol, which reports the headers as the network stack sent them.
 */
async function postSources(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const paths = new Map<string, string>();
  const sites = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    if (request.method === "POST") paths.set(requestId, new URL(request.url).pathname);
  });
  cdp.on("Network.requestWillBeSentExtraInfo", ({ requestId, headers }) => {
    const site = Object.entries(headers).find(([name]) => name.toLowerCase() === "sec-fetch-site");
    if (site) sites.set(requestId, String(site[1]));
  });
  return (path: string) =>
    [...paths].filter(([, posted]) => posted === path).map(([id]) => sites.get(id));
}

test("a page on another site that posts a your-data link gets the refusal page, and no session", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const student = makeStudent({ first_name: "Kemi", last_name: "Ade" });
  await signUpByApi(request, student);
  expect(
    (await request.post(`${yourDataApi}/link/`, { data: { email: student.email } })).status(),
  ).toBe(202);
  const link = linkTo(
    await waitForMail(student.email, "Your data at YSP"),
    "/your-data",
    baseURL ?? "",
  );

  const sources = await postSources(page);
  await page.goto(pageElsewhere("localhost", autoPost(link)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(crossSitePostPage.title);
  expect(sources("/your-data")).toEqual(["cross-site"]);
  expect(new URL(page.url()).pathname).toBe("/your-data");
  expect(await dataCookies(context)).toEqual([]);

  // The link is still the student's: opened from the mail and tapped, it works.
  await page.getByRole("link", { name: crossSitePostPage.pageLink }).click();
  await expect(page).toHaveURL(/\/your-data$/);
  await page.goto(link);
  await page.getByRole("button", { name: "Open my data" }).click();
  await expect(page).toHaveURL(/\/your-data\/manage$/);
  expect(await dataCookies(context)).toHaveLength(1);
});

test("a confirmation link posted from another origin of the same site is refused; followed from another site and tapped, it works", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const student = makeStudent({ first_name: "Musa", last_name: "Bello" });
  await signUpByApi(request, student);
  const link = linkTo(
    await waitForMail(student.email, "Confirm your email"),
    "/verify-email",
    baseURL ?? "",
  );

  const sources = await postSources(page);
  await page.goto(pageElsewhere("127.0.0.1", autoPost(link)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(crossSitePostPage.title);
  expect(sources("/verify-email")).toEqual(["same-site"]);
  expect(await dataCookies(context)).toEqual([]);

  // The link is still the student's: followed from a webmail's page, then tapped, never refused.
  await page.goto(pageElsewhere("localhost", `<a href="${link}">Confirm my email</a>`));
  await page.getByRole("link", { name: "Confirm my email" }).click();
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  expect(sources("/verify-email")).toEqual(["same-site", "same-origin"]);
  expect(await dataCookies(context)).toHaveLength(1);
});
