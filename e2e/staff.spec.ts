import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { staffWords } from "@ysp/content/staff";
import { staffDashboardWords } from "@ysp/content/staff-dashboard";
import { staffStudentsWords } from "@ysp/content/staff-students";
import { staffPages } from "@ysp/contract/staff";
import { type ServerProcess, startServer } from "@ysp/testing/server-process";
import { type SmtpTestServer, startSmtpServer } from "@ysp/testing/smtp";
import { expect, makeStudent, screenshotPath, signUpByApi, signupApi, test } from "./fixtures.ts";

/** Today's date in Lagos (UTC+1 all year), as the dashboard writes a day. */
const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);

/**
 * The staff area in a browser, with Chromium's virtual authenticator standing in for a phone's
 * screen lock (WebAuthn over CDP). Passkeys need a host name, never an IP address, so this spec
 * runs a server of its own at http://localhost, with its own data folder and SMTP server: the
 * first admin is invited by `npm run staff -- invite` before it starts, as on a new server.
 */

const admin = "staff-admin@ysp.example";
const newcomer = "staff-newcomer@ysp.example";
let server: ServerProcess;
let smtp: SmtpTestServer;
let origin: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ysp-staff-"));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  smtp = await startSmtpServer();
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    JWT_SECRET: "staff-spec-secret-staff-spec-secret-0123",
    SMTP_URL: smtp.url,
  };
  execFileSync(process.execPath, ["api/src/cli/staff.ts", "invite", admin, "--role", "admin"], {
    env: { ...process.env, ...env },
    stdio: "pipe",
  });
  server = await startServer({
    entry: "api/src/main.ts",
    env,
    port,
    logFile: join(dataDir, "server.log"),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A browser with a passkey-capable authenticator that verifies its user, as a phone does. */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * What the fixtures' auto check catches on the tests' own page (fixtures.ts), caught here on a
 * context of this spec's server: uncaught errors, console errors and CSP violations.
 */
async function watchProblems(context: BrowserContext): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP: ${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  context.on("weberror", (error) => problems.push(error.error().message));
  context.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return async () => problems;
}

/** The enrolment link mailed to `address`, on this spec's server. */
async function enrolLink(address: string): Promise<string> {
  const mail = await smtp.waitFor((one) => one.to.includes(address), 15_000);
  const link = mail.links.find((url) => url.includes(staffPages.enrol));
  if (!link) throw new Error(`no enrolment link in "${mail.subject}"`);
  return link;
}

/** The admin's browser, kept from one test to the next as a member keeps theirs. */
let adminContext: BrowserContext;
let adminPage: Page;

test(
  "invite, enrol, log out, log in with the passkey, and the dashboard opens",
  { tag: "@layout" },
  async ({ browser }, testInfo) => {
    adminContext = await browser.newContext({ baseURL: origin });
    const problems = await watchProblems(adminContext);
    adminPage = await adminContext.newPage();
    const page = adminPage;
    await withAuthenticator(adminContext, page);

    await page.goto(await enrolLink(admin));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(staffWords.enrol.title);
    await page.screenshot({ path: screenshotPath(testInfo, "staff-enrol") });
    await page.getByRole("button", { name: staffWords.enrol.button }).click();
    await expect(page).toHaveURL(`${origin}${staffPages.home}`);
    await expect(page.getByText(admin)).toBeVisible();

    // The link worked once: opened again, it says so and offers the login instead.
    const again = await adminContext.newPage();
    await again.goto(await enrolLink(admin));
    await expect(again.getByRole("alert")).toHaveText(staffWords.enrol.expired);
    await again.close();

    await page.getByRole("button", { name: staffWords.frame.logout }).click();
    await expect(page).toHaveURL(`${origin}${staffPages.login}`);
    await page.goto(staffPages.home);
    await expect(page).toHaveURL(`${origin}${staffPages.login}`);
    await page.screenshot({ path: screenshotPath(testInfo, "staff-login") });

    await page.getByRole("button", { name: staffWords.login.button }).click();
    await expect(page).toHaveURL(`${origin}${staffPages.home}`);
    // Three sign-ups from a WhatsApp campaign and one from nowhere in particular, today.
    for (const source of ["whatsapp", "whatsapp", "whatsapp", undefined]) {
      const answer = await page.request.post(signupApi, {
        data: { ...makeStudent(), ...(source ? { utm_source: source, utm_campaign: "waec" } : {}) },
      });
      expect(answer.status()).toBe(201);
    }
    await page.reload();
    await page.screenshot({ path: screenshotPath(testInfo, "staff-dashboard") });
    const filter = staffDashboardWords.signups.filter;
    await page.getByLabel(filter.source.label, { exact: true }).fill("whatsapp");
    await page.getByRole("button", { name: filter.submit }).click();
    await expect(page).toHaveURL(/[?&]source=whatsapp/);
    const today = page
      .getByRole("table", { name: staffDashboardWords.signups.table.title })
      .getByRole("row")
      .nth(1);
    await expect(today.locator("th, td")).toHaveText([lagosToday(), "3"]);
    const downloading = page.waitForEvent("download");
    await page
      .getByRole("link", {
        name: staffDashboardWords.download(staffDashboardWords.signups.table.title),
      })
      .click();
    const csv = readFileSync((await (await downloading).path()) ?? "", "utf8");
    expect(csv).toContain(`${lagosToday()},3\r\n`);
    expect(await problems()).toEqual([]);
    const signups = page.locator("section").filter({ has: page.locator("svg") });
    await signups.screenshot({ path: screenshotPath(testInfo, "staff-signups") });
  },
);

test("an admin invites a member, who enrols; removed, they are refused at once", async ({
  browser,
}, testInfo) => {
  await adminPage.getByRole("link", { name: staffWords.frame.nav.members }).click();
  await adminPage.getByLabel(staffWords.members.address).fill(newcomer);
  await adminPage.getByRole("button", { name: staffWords.members.inviteButton }).click();
  await expect(adminPage.getByRole("status")).toHaveText(staffWords.members.invited);
  await adminPage.screenshot({ path: screenshotPath(testInfo, "staff-members"), fullPage: true });

  const memberContext = await browser.newContext({ baseURL: origin });
  const member = await memberContext.newPage();
  await withAuthenticator(memberContext, member);
  await member.goto(await enrolLink(newcomer));
  await member.getByRole("button", { name: staffWords.enrol.button }).click();
  await expect(member).toHaveURL(`${origin}${staffPages.home}`);
  // Staff see no admin's links, and an admin's page answers them 403.
  await expect(member.getByRole("link", { name: staffWords.frame.nav.members })).toBeHidden();
  expect((await member.goto(staffPages.members))?.status()).toBe(403);

  await adminPage.reload();
  await adminPage.getByRole("button", { name: `${staffWords.members.remove} ${newcomer}` }).click();
  await expect(adminPage.getByRole("status")).toHaveText(staffWords.members.removedMember);

  await member.goto(staffPages.home);
  await expect(member).toHaveURL(`${origin}${staffPages.login}`);
  await member.getByRole("button", { name: staffWords.login.button }).click();
  await expect(member.locator("#passkey-status")).toHaveText(staffWords.login.refused);
  await memberContext.close();
});

test("a student's token opens nothing under /staff; an admin's look at them is on record", async ({
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: origin });
  const student = makeStudent();
  const { access } = await signUpByApi(api, student);
  for (const path of [staffPages.home, staffPages.members, "/staff/tables/signups.csv"]) {
    const answer = await api.get(path, {
      headers: { authorization: `Bearer ${access}` },
      maxRedirects: 0,
    });
    expect(answer.status(), path).toBe(303);
    expect(answer.headers().location).toBe(staffPages.login);
  }
  await api.dispose();

  const words = staffStudentsWords.lookUp;
  await adminPage.getByRole("link", { name: staffWords.frame.nav.students }).click();
  await adminPage.getByLabel(words.email).fill(student.email);
  await adminPage
    .getByLabel(words.reason)
    .fill("Her mother wrote: the permission email never came");
  await adminPage.getByRole("button", { name: words.submit }).click();
  await expect(adminPage.getByText(staffStudentsWords.account.recorded)).toBeVisible();
  await expect(adminPage.getByText(student.email).first()).toBeVisible();
  await adminPage.screenshot({ path: screenshotPath(testInfo, "staff-student"), fullPage: true });
  await adminPage.getByRole("link", { name: staffWords.frame.nav.audit }).click();
  await expect(
    adminPage.getByRole("cell", { name: /the permission email never came/ }),
  ).toBeVisible();
  await adminContext.close();
});
