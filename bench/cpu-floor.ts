/**
 * The least CPU a sign-up can cost outside its hash as the service is built, measured on this
 * machine rather than argued (its budget is 1 ms, bench/budgets.ts): `node bench/cpu-floor.ts`. Each part
 * runs in a process of its own, so that nothing else is counted:
 * - the hash itself (argon2id with the service's parameters), for scale;
 * - an HTTP exchange with nothing behind it: `node:http` answering a JSON POST with 201, offered
 *   200 a second by autocannon over keep-alive connections;
 * - the one message a sign-up causes, as the server sends it: composed from the verify-email
 *   words (`renderMail`) and sent through `createMailTransport`, nodemailer's pooled SMTP, to a
 *   local SMTP server, five at a time as the queue's batches go.
 * No statement, log line, validation or hashing hand-off is in it: what the service adds to
 * these is what `bench/cpu-profile.ts` shows. Not part of `npm run bench`.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { hashSync } from "@node-rs/argon2";
import { argon2Options } from "@ysp/api/auth/passwords";
import { renderMail } from "@ysp/api/mail/render";
import { createMailTransport } from "@ysp/api/mail/transport";
import { mailWords } from "@ysp/content/mail";
import { startSmtpServer } from "@ysp/testing/smtp";
import autocannon from "autocannon";
import { serverCpu } from "./cpu.ts";

const budgetMs = 1;
const hashes = 20;
const requestsPerSecond = 200;
const seconds = 5;
const messages = 2_000;
/** Messages in flight at once: the queue sends its batch over five pooled connections. */
const atOnce = 5;

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const self = fileURLToPath(import.meta.url);

/** Runs this file again as `role`: the process, and the first line it prints (its answer). */
function child(role: string, ...args: string[]) {
  const process_ = spawn(process.execPath, [self, role, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    process_.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    process_.once("exit", (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  return { process: process_, firstLine };
}

async function httpServer() {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const { email } = JSON.parse(body) as { email: string };
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ email }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  console.log((server.address() as AddressInfo).port);
}

async function mailSender(url: string) {
  const transport = createMailTransport(
    {
      transport: { kind: "smtp", url },
      from: { name: "YSP", address: "hello@ysp.ng" },
      publicUrl: "https://ysp.ng",
    },
    () => {},
  );
  const words = mailWords.verifyEmail(
    "Ada",
    "https://ysp.ng/verify-email?token=abcdefghijklmnopqrstuvwxyz0123456789",
    "48 hours",
  );
  let sent = 0;
  const send = () =>
    transport.send({
      messageId: `<${++sent}@ysp.ng>`,
      to: `student${sent}@example.ng`,
      ...renderMail(words),
      headers: {},
      links: [],
    });
  const batches = async (count: number) => {
    for (let i = 0; i < count / atOnce; i++)
      await Promise.all(Array.from({ length: atOnce }, send));
  };
  // Warmed up first: V8's compiling and the pool's connections are paid once, not a message.
  await batches(500);
  const before = process.cpuUsage();
  await batches(messages);
  console.log(cpuMs(process.cpuUsage(before)) / messages);
  transport.close();
}

async function main() {
  const hashStart = process.threadCpuUsage();
  for (let i = 0; i < hashes; i++) hashSync(`correct horse ${i}`, argon2Options);
  const hashMs = cpuMs(process.threadCpuUsage(hashStart)) / hashes;

  const http = child("http");
  const port = await http.firstLine;
  const pid = http.process.pid ?? 0;
  const load = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}/`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ada@example.ng" }),
      connections: 10,
      overallRate: requestsPerSecond,
      duration,
    });
  await load(2);
  const httpBefore = serverCpu(pid).totalMs;
  const run = await load(seconds);
  const httpMs = (serverCpu(pid).totalMs - httpBefore) / run.requests.total;
  http.process.kill();

  const smtp = await startSmtpServer();
  const mail = child("mail", smtp.url);
  const mailMs = Number(await mail.firstLine);
  await smtp.close();

  const floor = httpMs + mailMs;
  console.log(`CPU per sign-up on this machine (ms), each part in a process of its own:
  the hash (argon2id, not in the budget): ${hashMs.toFixed(2)}
  an HTTP exchange with nothing behind it: ${httpMs.toFixed(3)} (${run.requests.total} requests)
  its message, composed and sent over nodemailer's pool: ${mailMs.toFixed(3)} (${messages} messages)
  the two together: ${floor.toFixed(3)}, against the budget's ${budgetMs}`);
}

const [role, ...args] = process.argv.slice(2);
if (role === "http") await httpServer();
else if (role === "mail") await mailSender(args[0] ?? "");
else await main();
