import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { refusalConfirmed, yourDataApi } from "@ysp/contract";
import type { JsonAnswer } from "@ysp/testing/post-json";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { selfSignedCertificate } from "@ysp/testing/self-signed";
import { raisedLimits, type ServerProcess, startServer } from "@ysp/testing/server-process";
import { describe, expect, it } from "vitest";
import { mainEntry } from "../test/main-entry.ts";
import { until } from "../test/until.ts";
import { driveSignups, logIn, newStudent, type Post } from "./students.ts";

const recipe = new URL("../../deploy/nginx/ysp.conf", import.meta.url).pathname;
const nginxBinary = "/usr/sbin/nginx";
const instancePorts = [3431, 3432] as const;
const httpsPort = 3443;
const httpPort = 3480;
const senders = 16;
/** Newsletter subscriptions a client address may make a minute: low, to count them. */
const newsletterLimit = 5;

/**
 * The recipe as the test runs it: the same file, with only what differs on this machine
 * replaced (ports, certificate paths, no IPv6 listener). Each replacement must match, so the
 * test fails when the recipe changes under it rather than testing something else.
 */
function recipeForTest(dir: string): string {
  let conf = readFileSync(recipe, "utf8");
  const replace = (from: RegExp, to: string) => {
    if (!from.test(conf)) throw new Error(`deploy/nginx/ysp.conf no longer has ${from}`);
    conf = conf.replace(from, to);
  };
  replace(/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${instancePorts[0]} `);
  replace(/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${instancePorts[1]} `);
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`);
  replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`);
  replace(/^\s*listen \[::\]:443 ssl http2;\n/m, "");
  replace(/^\s*listen \[::\]:80;\n/m, "");
  replace(/\/etc\/ssl\/ysp\/fullchain\.pem/, join(dir, "cert.pem"));
  replace(/\/etc\/ssl\/ysp\/privkey\.pem/, join(dir, "key.pem"));
  replace(/\/var\/log\/nginx\/ysp\.access\.log/g, join(dir, "ysp.access.log"));
  return conf;
}

/** nginx in the foreground, its files in `dir`, the recipe as its one site. */
function startNginx(dir: string): ChildProcess {
  const { key, cert } = selfSignedCertificate("ysp.ng");
  writeFileSync(join(dir, "key.pem"), key, { mode: 0o600 });
  writeFileSync(join(dir, "cert.pem"), cert);
  writeFileSync(join(dir, "ysp.conf"), recipeForTest(dir));
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(join(dir, temp), { recursive: true });
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/ysp.conf;
}
`,
  );
  return spawn(nginxBinary, ["-c", join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

type Client = {
  post: Post;
  get: (path: string) => Promise<JsonAnswer>;
  /** A page's form posted to `path` as a browser posts it: urlencoded, with its Referer. */
  form: (
    path: string,
    fields: Record<string, string>,
    headers?: Record<string, string>,
  ) => Promise<JsonAnswer>;
};

/**
 * A phone's client of the site over HTTPS, from `localAddress` (127.0.0.1, 127.0.0.2: two
 * clients behind one proxy), trusting only the test's certificate.
 */
function clientFrom(localAddress: string, ca: Buffer): Client {
  const agent = new Agent({ keepAlive: true, localAddress, ca, servername: "ysp.ng" });
  const send = (
    method: string,
    url: string,
    body?: { payload: string; headers: Record<string, string> },
  ) =>
    new Promise<JsonAnswer>((resolve, reject) => {
      const payload = body?.payload;
      const req = request(
        url,
        {
          method,
          agent,
          // The certificate names ysp.ng, as the recipe's server_name; the test reaches it by address.
          checkServerIdentity: () => undefined,
          headers: body?.headers ?? {},
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const one of [value ?? []].flat()) headers.append(name, one);
            let parsed: Record<string, unknown> = {};
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = { text };
            }
            resolve({ status: res.statusCode ?? 0, headers, body: parsed });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return {
    post: (url, body) =>
      send("POST", url, {
        payload: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      }),
    get: (path) => send("GET", `${site}${path}`),
    form: (path, fields, headers = {}) =>
      send("POST", `${site}${path}`, {
        payload: new URLSearchParams(fields).toString(),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          referer: `${site}${path}`,
          ...headers,
        },
      }),
  };
}

const site = `https://127.0.0.1:${httpsPort}`;

/**
 * Opens each kind of link a message carries through nginx, as a phone does: its page (GET), then
 * the page's form (POST to the same address, query and all), with the page as Referer, as a
 * browser that ignores the page's "no-referrer" would send it. The links are
 * the real ones, from the messages the instances write to files and log, with no SMTP_URL.
 * Returns every token used.
 */
async function openEveryKindOfLink(client: Client, serverLogs: () => string): Promise<string[]> {
  const tokens: string[] = [];
  /**
   * The path and query of the newest link to `path` with a token in a message to `to`: a
   * refusal's notice links to /your-data too, with no token, to ask for one.
   */
  const linkTo = async (to: string, path: string) => {
    let found: URL | undefined;
    await until(
      () => {
        for (const line of serverLogs().split("\n")) {
          if (!line.includes(to) || !line.includes('"links":')) continue;
          const links = (JSON.parse(line) as { links?: string[] }).links ?? [];
          found =
            links
              .map((link) => new URL(link))
              .find((url) => url.pathname === path && url.searchParams.has("token")) ?? found;
        }
        return found !== undefined;
      },
      `a link to ${path} for ${to}`,
      20_000,
    );
    tokens.push(found?.searchParams.get("token") ?? "");
    return `${found?.pathname}${found?.search}`;
  };
  const open = async (link: string, fields: Record<string, string>, status: number) => {
    expect((await client.get(link)).status, `GET ${link}`).toBe(200);
    const posted = await client.form(link, fields);
    expect(posted.status, `POST ${link}`).toBe(status);
    return posted;
  };

  const student = newStudent("links");
  expect((await client.post(`${site}/api/v1/auth/signup/`, student)).status).toBe(201);
  const confirmed = await open(await linkTo(student.email, "/verify-email"), {}, 303);
  const cookie = confirmed.headers.get("set-cookie")?.split(";")[0] ?? "";
  // Behind TLS (PUBLIC_URL is https) the data cookie is __Host- prefixed (cookies.ts).
  expect(cookie).toMatch(/^__Host-ysp_data=/);
  const parent = `parent.${student.email}`;
  const asked = await client.form(
    `${yourDataApi}/guardian-request/`,
    { guardian_email: parent },
    { cookie, referer: `${site}/email-confirmed` },
  );
  // Each form's answer is a page of the site it is sent on to (303), as a browser posts it.
  expect(asked.status).toBe(303);
  // A refusal takes two posts: the first answers the page that asks to confirm it.
  const consent = await linkTo(parent, "/guardian-consent");
  await open(consent, { decision: "refuse" }, 200);
  const refused = await client.form(consent, {
    decision: "refuse",
    [refusalConfirmed.name]: refusalConfirmed.value,
  });
  expect(refused.status, `POST ${consent}, confirmed`).toBe(303);

  expect(
    (await client.post(`${site}/api/v1/auth/password-reset/`, { email: student.email })).status,
  ).toBe(202);
  await open(
    await linkTo(student.email, "/reset-password"),
    { password: "a-new-password-2026" },
    303,
  );
  expect((await client.post(`${site}${yourDataApi}/link/`, { email: student.email })).status).toBe(
    202,
  );
  await open(await linkTo(student.email, "/your-data"), {}, 303);

  const reader = newStudent("newsletter").email;
  expect((await client.post(`${site}/api/v1/newsletter/`, { email: reader })).status).toBe(201);
  await open(await linkTo(reader, "/newsletter-confirm"), {}, 303);
  await open(await linkTo(reader, "/unsubscribe"), {}, 303);
  return tokens;
}

describe.skipIf(!postgresBinDir() || !existsSync(nginxBinary))(
  "deploy/: nginx with TLS in front of two instances on one PostgreSQL",
  () => {
    it("serves through either instance, counts limits per client, and survives kill -9 of one", async () => {
      const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-deploy-"));
      const postgres = await startPostgres();
      const env = {
        ...raisedLimits,
        RATE_LIMIT_NEWSLETTER: String(newsletterLimit),
        NODE_ENV: "production",
        JWT_SECRET: randomBytes(48).toString("base64url"),
        PUBLIC_URL: "https://ysp.example",
        DATA_DIR: dir,
        DATABASE_URL: postgres.url,
        TRUST_PROXY: "127.0.0.1",
        HASH_QUEUE_MAX: String(senders * 2),
      };
      const instances: ServerProcess[] = [];
      let nginx: ChildProcess | undefined;
      try {
        for (const port of instancePorts)
          instances.push(
            await startServer({
              entry: mainEntry,
              env,
              port,
              logFile: join(dir, `server-${port}.log`),
            }),
          );
        nginx = startNginx(dir);
        const ca = readFileSync(join(dir, "cert.pem"));
        const phone = clientFrom("127.0.0.1", ca);
        const otherPhone = clientFrom("127.0.0.2", ca);
        await until(
          async () => (await phone.get("/readyz").catch(() => ({ status: 0 }))).status === 200,
          "nginx to answer /readyz",
        );

        // PUBLIC_URL is https, so every answer sends HSTS.
        const ready = await phone.get("/readyz");
        expect(ready.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);

        // Plain HTTP is sent to HTTPS.
        const plain = await fetch(`http://127.0.0.1:${httpPort}/join`, { redirect: "manual" });
        expect(plain.status).toBe(301);
        expect(plain.headers.get("location")).toMatch(/^https:\/\/[^/]+\/join$/);

        // Behind the proxy each phone has its own count, and the two instances share it.
        const subscribe = (client: Client) =>
          client.post(`${site}/api/v1/newsletter/`, { email: newStudent("limit").email });
        const fromOne = [];
        for (let i = 0; i < newsletterLimit + 3; i++) fromOne.push((await subscribe(phone)).status);
        expect(fromOne).toEqual([...Array(newsletterLimit).fill(201), ...Array(3).fill(429)]);
        expect((await subscribe(otherPhone)).status, "another address behind the proxy").toBe(201);
        const logs = () =>
          instancePorts.map((port) => readFileSync(join(dir, `server-${port}.log`), "utf8"));
        // The client's own address reached the app, from the X-Forwarded-For nginx set. A
        // request's line is logged once it is answered, so it may reach the file a moment later.
        await until(
          () => logs().join("").includes('"remoteAddress":"127.0.0.2"'),
          "the log line of the request from 127.0.0.2",
          5_000,
        );
        for (const [i, log] of logs().entries())
          expect(log, `instance ${instancePorts[i]} served some of them`).toMatch(
            /"url":"\/api\/v1\/newsletter\/"/,
          );

        // No live token in a log: nginx's names each link's page and the page as Referer, but
        // never their query, and the app's request lines leave the token out (request-log.ts).
        // Only the lines of messages written to files carry their links, by design (no SMTP_URL).
        const tokens = await openEveryKindOfLink(otherPhone, () => logs().join(""));
        expect(tokens).toHaveLength(6);
        const accessLog = readFileSync(join(dir, "ysp.access.log"), "utf8");
        expect(accessLog).not.toMatch(/token=/);
        for (const page of ["verify-email", "guardian-consent", "reset-password", "your-data"])
          expect(accessLog).toMatch(
            new RegExp(`"POST /${page} HTTP/1\\.1" \\d{3} .* "${site}/${page}" `),
          );
        const requestLines = logs()
          .join("")
          .split("\n")
          .filter((line) => !line.includes('"links":'));
        for (const token of tokens) {
          expect(accessLog).not.toContain(token);
          expect(requestLines.join("\n")).not.toContain(token);
        }

        // Sign-ups through nginx; one instance killed mid-traffic, the other goes on.
        const load = driveSignups(site, "deploy", senders, { post: phone.post, cutOff: [502] });
        await until(() => load.created.length >= 40, "40 sign-ups through nginx", 60_000);
        await instances[0]?.kill();
        const atKill = load.created.length;
        await until(
          () => load.created.length >= atKill + 40,
          "40 sign-ups after one instance was killed",
          60_000,
        );
        await load.stop();

        // Nothing acknowledged is lost: every 201 logs in, through the instance left.
        const check = await logIn(site, load.created, phone.post);
        expect(
          check.refused.map((s) => s.email),
          "answered 201, cannot log in",
        ).toEqual([]);
        const cut = await logIn(site, load.unanswered, phone.post);

        // And a session refreshes through it.
        const student = load.created[0];
        if (!student) throw new Error("no sign-up");
        const login = await phone.post(`${site}/api/v1/auth/login/`, {
          email: student.email,
          password: student.password,
        });
        const refreshed = await phone.post(`${site}/auth/refresh/`, {
          refresh: login.body.refresh,
        });
        expect(refreshed.status).toBe(200);
        expect(typeof refreshed.body.access).toBe("string");

        for (const status of Object.keys(load.statuses))
          expect(["201", "429", "502", "503"], `a sign-up answered ${status}`).toContain(status);
        console.log(
          `through nginx: ${JSON.stringify(load.statuses)}; killed one instance after ${atKill} sign-ups; ` +
            `${load.created.length} answered 201 all log in; ${load.unanswered.length} cut off by the kill, ` +
            `of which ${cut.loggedIn.length} had committed`,
        );
        expect(await instances[1]?.stop()).toBe(0);
      } finally {
        nginx?.kill("SIGQUIT");
        for (const instance of instances) await instance.kill();
        await postgres.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
