/**
 * `npm audit` of what production installs (`--omit=dev`): prints what the
 * registry reported and fails only on a high or critical advisory it actually
 * returned. A registry that cannot be reached, or a mirror that does not serve
 * npm's advisory endpoint, is reported and does not fail the run: there is
 * nothing to judge then, and CI must not break on the network.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

type Severity = "info" | "low" | "moderate" | "high" | "critical";

type AuditReport = {
  message?: string;
  metadata?: { vulnerabilities: Record<Severity, number> };
  vulnerabilities?: Record<string, { severity: Severity }>;
};

const repoRoot = fileURLToPath(new URL("../", import.meta.url));

/** The report npm printed, or why there is none. */
function audit(): { report: AuditReport } | { unreachable: string } {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
    cwd: repoRoot,
    encoding: "utf8",
    // npm retries an unreachable registry for about a minute before it gives up.
    timeout: 110_000,
  });
  if (run.error) return { unreachable: run.error.message };
  let report: AuditReport;
  try {
    report = JSON.parse(run.stdout || "{}") as AuditReport;
  } catch {
    return { unreachable: `npm audit printed no JSON: ${run.stderr.trim()}` };
  }
  if (!report.metadata)
    return { unreachable: report.message ?? (run.stderr.trim() || "no advisory data") };
  return { report };
}

const result = audit();
if ("unreachable" in result) {
  console.log(
    `audit: could not ask the registry for advisories (${result.unreachable}); not judged.`,
  );
} else {
  const { metadata, vulnerabilities = {} } = result.report;
  const counts = Object.entries(metadata?.vulnerabilities ?? {})
    .map(([severity, n]) => `${n} ${severity}`)
    .join(", ");
  console.log(`audit: production dependencies: ${counts}`);
  for (const [name, { severity }] of Object.entries(vulnerabilities))
    console.log(`audit:   ${name} (${severity})`);
  const serious = Object.values(vulnerabilities).filter(
    (v) => v.severity === "high" || v.severity === "critical",
  ).length;
  const reported =
    (metadata?.vulnerabilities.high ?? 0) + (metadata?.vulnerabilities.critical ?? 0);
  if (serious > 0 || reported > 0) {
    console.error(
      "audit: a high or critical advisory in what production installs: fix it before deploying.",
    );
    process.exitCode = 1;
  }
}
