import { parseArgs } from "node:util";
import { emailProblem } from "@ysp/contract/email";
import { staffRoles } from "@ysp/contract/staff";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { FolderInUseError } from "../db/folder-lock.ts";
import { createLinkTokens } from "../mail/link-tokens.ts";
import { createMailQueue } from "../mail/mail-queue.ts";
import { createStaffMembers } from "../staff/members.ts";

const usage = "Usage: npm run staff -- invite ADDRESS --role admin|staff";

/**
 * Invites a member of staff from the server's shell: how the first admin comes to be, since
 * only an admin invites in the staff area. The enrolment mail waits in the queue and goes when
 * a server runs (at once, where one runs on the same PostgreSQL; on the embedded default, whose
 * folder one process holds, at the next `npm start`).
 */
async function invite(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const [command, address] = positionals;
  const role = staffRoles.find((one) => one === values.role);
  if (command !== "invite" || !address || !role || positionals.length !== 2) {
    console.error(usage);
    return 2;
  }
  const problem = emailProblem(address);
  if (problem) {
    console.error(`${problem}\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.staffArea)
    console.warn(
      `This server does not serve /staff at ${config.publicUrl}: PUBLIC_URL must be https://, or http:// at localhost outside production.`,
    );
  const database = await openDatabase(config.database);
  try {
    const queue = createMailQueue(database.db, console, () => {}, config.mailRetrySeconds);
    const members = createStaffMembers(database.db, {
      tokens: createLinkTokens(config.jwtSecret),
      queue,
    });
    const member = await members.invite(address, role, null);
    console.log(
      `Invited ${member.email} as ${role}: the email with their link (good for 24 hours) goes out when the server runs.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await invite();
} catch (error) {
  const known = error instanceof ConfigError || error instanceof FolderInUseError;
  console.error(known ? `staff: ${(error as Error).message}` : error);
  process.exitCode = 1;
}
