import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { hasPrometheus, type PrometheusServer, startPrometheus } from "@ysp/testing/prometheus";
import { raisedLimits, type ServerProcess, startServer } from "@ysp/testing/server-process";
import { startSmtpServer } from "@ysp/testing/smtp";
import { describe, expect, it } from "vitest";
import { mainEntry } from "../test/main-entry.ts";
import { until } from "../test/until.ts";
import { newStudent, signUp } from "./students.ts";

const instancePorts = [3461, 3462];
const metricsPorts = [3463, 3464];
const prometheusPort = 3465;

const recipeDir = new URL("../../deploy/prometheus/", import.meta.url).pathname;

/**
 * A file of deploy/prometheus/ as the test runs it: only what differs here replaced. Each
 * replacement must match, so the test fails when the recipe changes under it.
 */
function recipeFile(name: string, replacements: [RegExp, string][]): string {
  let text = readFileSync(join(recipeDir, name), "utf8");
  for (const [from, to] of replacements) {
    if (!from.test(text)) throw new Error(`deploy/prometheus/${name} no longer has ${from}`);
    text = text.replace(from, to);
  }
  return text;
}

/**
 * Two instances on one PostgreSQL, scraped by a real Prometheus with the recipe's rules. The
 * relay refuses: the queue, the failed tries and the mail-not-flowing alert show it through
 * Prometheus's own API. Then it accepts, and the queue drains to 0.
 */
describe.skipIf(!postgresBinDir() || !hasPrometheus())(
  "Prometheus scraping two instances while the mail relay refuses, then accepts",
  () => {
    it("sees the queue grow, the failed tries rise and the alert, then the queue drain", async () => {
      const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-prometheus-"));
      const smtp = await startSmtpServer();
      smtp.refuse(true);
      const pgServer = await startPostgres();
      const servers: ServerProcess[] = [];
      let prometheus: PrometheusServer | undefined;
      try {
        // The recipe's rules, with the mail rule's 10 minutes and its 2 more made seconds.
        writeFileSync(
          join(dir, "alerts.yml"),
          recipeFile("alerts.yml", [
            [
              /ysp_mail_oldest_unsent_seconds\) > 600\n {8}for: 2m/,
              "ysp_mail_oldest_unsent_seconds) > 3\n        for: 3s",
            ],
          ]),
        );
        writeFileSync(
          join(dir, "prometheus.yml"),
          recipeFile("prometheus.yml", [
            [/scrape_interval: 15s/, "scrape_interval: 1s"],
            [/evaluation_interval: 15s/, "evaluation_interval: 1s"],
            [/127\.0\.0\.1:13001/, `127.0.0.1:${metricsPorts[0]}`],
            [/127\.0\.0\.1:13002/, `127.0.0.1:${metricsPorts[1]}`],
          ]),
        );
        for (const [i, port] of instancePorts.entries()) {
          servers.push(
            await startServer({
              entry: mainEntry,
              env: {
                ...raisedLimits,
                DATA_DIR: dir,
                DATABASE_URL: pgServer.url,
                SMTP_URL: smtp.url,
                // Tries again after 1 to 2 s, then 2 to 4: the default 15 to 30 s, doubling,
                // kept this test waiting a minute for the queue to drain.
                MAIL_RETRY_SECONDS: "2",
                METRICS_PORT: String(metricsPorts[i]),
              },
              port,
              logFile: join(dir, `server-${port}.log`),
            }),
          );
        }
        mkdirSync(join(dir, "tsdb"));
        prometheus = await startPrometheus({
          configFile: join(dir, "prometheus.yml"),
          dataDir: join(dir, "tsdb"),
          port: prometheusPort,
        });
        const scraper = prometheus;
        await until(
          async () => (await scraper.value('count(up{job="ysp"} == 1)')) === 2,
          "Prometheus to scrape both instances",
        );

        /** Sign-ups through both instances, each answered 201. */
        const signUpSome = async (count: number) => {
          for (let i = 0; i < count; i++) {
            const server = servers[i % servers.length] as ServerProcess;
            const outcome = await signUp(server.url, newStudent("prometheus"));
            expect(outcome).toMatchObject({ kind: "answered", status: 201 });
          }
        };
        const errors = () => scraper.value('sum(ysp_mail_send_errors_total{kind="temporary"})');

        await signUpSome(6);
        await until(
          async () => ((await scraper.value("max(ysp_mail_queue_depth)")) ?? 0) >= 6,
          "ysp_mail_queue_depth of 6 in Prometheus",
        );
        await until(async () => ((await errors()) ?? 0) >= 6, "6 failed tries in Prometheus");
        const first = (await errors()) ?? 0;
        await signUpSome(4);
        await until(
          async () => ((await errors()) ?? 0) >= first + 4,
          "the failed tries to rise in Prometheus",
        );
        const rose = (await errors()) ?? 0;
        let alert = "";
        await until(async () => {
          const found = (await scraper.alerts()).find(
            (a) => a.labels.alertname === "YspMailNotFlowing",
          );
          alert = found?.state ?? "";
          return found !== undefined;
        }, "YspMailNotFlowing pending or firing");
        const queued = (await scraper.value("max(ysp_mail_queue_depth)")) ?? 0;

        // The relay accepts; each message goes at its next try, its wait doubled at each refusal
        // from MAIL_RETRY_SECONDS's 1 to 2 s.
        smtp.refuse(false);
        await until(
          async () => (await scraper.value("max(ysp_mail_queue_depth)")) === 0,
          "the queue to drain to 0 in Prometheus",
          120_000,
        );
        expect(await scraper.value("sum(ysp_mail_sent_total)")).toBe(10);
        expect(smtp.received.filter((m) => m.subject === "Confirm your email")).toHaveLength(10);
        console.log(
          `Prometheus, 2 instances, relay refusing: queue ${queued}, failed tries ${first} then ${rose}, ` +
            `YspMailNotFlowing ${alert}; relay accepting: queue 0, ${await scraper.value("sum(ysp_mail_sent_total)")} sent`,
        );
      } finally {
        await prometheus?.stop();
        for (const server of servers) await server.kill();
        await smtp.close();
        await pgServer.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
