import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TokenPair } from "@ysp/contract";
import { raisedLimits, startServer } from "@ysp/testing/server-process";
import { expect, it } from "vitest";
import { mainEntry } from "../test/main-entry.ts";
import { newStudent, type Student } from "./students.ts";

const port = 3403;
const seconds = 60;
const settleSeconds = 10;
const senders = 16;

type Operation = "page" | "signup" | "login" | "refresh" | "newsletter";

/** The answers each operation may get; anything else is a defect the soak has found. */
const expected: Record<Operation, number[]> = {
  page: [200, 404],
  signup: [201, 503],
  login: [200, 503],
  refresh: [200],
  newsletter: [200, 201],
};

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

it(`${seconds} s of mixed load: no 5xx but 503 with Retry-After, and memory holds level`, async () => {
  const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-soak-"));
  // Production's settings, but for the rate limits: all the load comes from one address.
  const server = await startServer({
    entry: mainEntry,
    env: { ...raisedLimits, DATA_DIR: dir },
    port,
    logFile: join(dir, "server.log"),
  });
  try {
    // The sign-up page is the one that ships React: its entry is the largest file a visitor gets.
    const join = await (await fetch(`${server.url}/join`)).text();
    const asset = /href="(\/assets\/entry\.client-[^"]+\.js)"/.exec(join)?.[1];
    expect(asset).toBeDefined();
    const pages = ["/", "/faqs", "/about-us", "/join/ABC123", "/no-such-page", asset ?? "/"];

    const counts: Record<string, number> = {};
    const defects: string[] = [];
    const accounts: Student[] = [];
    const record = (operation: Operation, response: Response) => {
      const key = `${operation} ${response.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
      const retryAfter = response.headers.get("retry-after");
      if (response.status === 503 && !retryAfter) defects.push(`${key} without Retry-After`);
      else if (!expected[operation].includes(response.status)) defects.push(key);
    };
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    const rss: { at: number; bytes: number }[] = [];
    const started = Date.now();
    const end = started + seconds * 1000;
    const sampler = setInterval(() => {
      void server.rss().then((bytes) => rss.push({ at: (Date.now() - started) / 1000, bytes }));
    }, 1000);

    await Promise.all(
      Array.from({ length: senders }, async (_, sender) => {
        let refresh: string | undefined;
        const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
        while (Date.now() < end) {
          const roll = Math.random();
          try {
            if (roll < 0.4) {
              const response = await fetch(`${server.url}${pick(pages)}`);
              await response.arrayBuffer();
              record("page", response);
            } else if (roll < 0.55) {
              const student = newStudent(`soak-${sender}`);
              const response = await post("/api/v1/auth/signup/", {
                ...student,
                user_type: "STUDENT",
              });
              await response.arrayBuffer();
              record("signup", response);
              if (response.status === 201) accounts.push(student);
            } else if (roll < 0.7 && accounts.length > 0) {
              const account = pick(accounts);
              const response = await post("/api/v1/auth/login/", {
                email: account?.email,
                password: account?.password,
              });
              const body = (await response.json()) as Partial<TokenPair>;
              record("login", response);
              if (response.status === 200) refresh = body.refresh;
            } else if (roll < 0.9 && refresh) {
              const response = await post("/api/v1/auth/refresh/", { refresh });
              const body = (await response.json()) as Partial<TokenPair>;
              record("refresh", response);
              refresh = response.status === 200 ? body.refresh : undefined;
            } else {
              // One address in five again, to meet the already-subscribed path too.
              const email =
                Math.random() < 0.2 && accounts.length > 0
                  ? (pick(accounts)?.email ?? "")
                  : newStudent(`soak-news-${sender}`).email;
              const response = await post("/api/v1/newsletter/", { email, source: "/faqs" });
              await response.arrayBuffer();
              record("newsletter", response);
            }
          } catch (error) {
            defects.push(`no answer: ${(error as { cause?: Error }).cause?.message ?? error}`);
          }
        }
      }),
    );
    clearInterval(sampler);
    const last = await server.rss();

    const settled = rss.find((sample) => sample.at >= settleSeconds)?.bytes ?? 0;
    const peak = Math.max(...rss.map((sample) => sample.bytes), last);
    const requests = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(
      `soak: ${requests} requests in ${seconds} s (${(requests / seconds).toFixed(0)}/s) from ${senders} senders; ` +
        `answers ${JSON.stringify(counts)}\n` +
        `soak: resident memory ${mb(settled)} MB at ${settleSeconds} s, ${mb(last)} MB at the end ` +
        `(${(((last - settled) / settled) * 100).toFixed(1)}%), peak ${mb(peak)} MB`,
    );
    expect(defects.slice(0, 20)).toEqual([]);
    expect(settled).toBeGreaterThan(0);
    expect(last).toBeLessThanOrEqual(settled * 1.2);
    expect(last).toBeGreaterThanOrEqual(settled * 0.8);
    expect(await server.stop()).toBe(0);
  } finally {
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
