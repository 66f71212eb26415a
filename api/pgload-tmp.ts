import { startPostgres } from "@ysp/testing/postgres";
import { raisedLimits, startServer } from "@ysp/testing/server-process";
import { startSmtpServer } from "@ysp/testing/smtp";
import pg from "pg";
import { driveSignups } from "./chaos/students.ts";

const smtp = await startSmtpServer();
const pgs = await startPostgres();
const env = {
  ...raisedLimits,
  DATA_DIR: "/tmp/pgload",
  SMTP_URL: smtp.url,
  DATABASE_URL: pgs.url,
  HASH_QUEUE_MAX: "32",
};
let s = await startServer({
  entry: "api/src/main.ts",
  env,
  port: 3499,
  logFile: "/tmp/pgload1.log",
});
const t = await startServer({
  entry: "api/src/main.ts",
  env,
  port: 3498,
  logFile: "/tmp/pgload2.log",
});
const loads = [driveSignups(s.url, "x", 16), driveSignups(t.url, "y", 16)];
await new Promise((r) => setTimeout(r, 3000));
await s.kill();
for (const l of loads) await l.stop();
const t0 = Date.now();
s = await startServer({ entry: "api/src/main.ts", env, port: 3499, logFile: "/tmp/pgload1.log" });
const c = new pg.Client({ connectionString: pgs.url });
await c.connect();
for (let i = 0; i < 16; i++) {
  const r = await c.query(
    "select state, count(*)::int n, min(retry_count) rc from pgboss.job group by state",
  );
  console.log(Math.round((Date.now() - t0) / 1000), JSON.stringify(r.rows));
  if (r.rows.every((x: any) => x.state === "completed")) break;
  await new Promise((r) => setTimeout(r, 8000));
}
const r = await c.query(
  "select id, state, retry_count, heartbeat_on, started_on, heartbeat_seconds, expire_seconds from pgboss.job where state <> 'completed' limit 3",
);
console.log(r.rows);
await c.end();
await s.stop();
await t.stop();
await pgs.stop();
await smtp.close();
