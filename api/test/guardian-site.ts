import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dataRightsWords } from "@ysp/content/data-rights";
import { dataRightsPages, guardianConsentSlots as slots } from "@ysp/contract";
import { afterAll } from "vitest";
import { loadSite } from "../src/pages/static-site.ts";
import { fixtureSiteDir } from "./harness.ts";

/**
 * The pages a parent's link opens, as small as the server's places in them allow, in the parts
 * shown only with a link (web/app/components/link-parts.tsx): the consent page with the
 * student's name, "Your answer" and the two forms, and "Are you sure?" with its way back.
 */
/** The student's name's place, as web/app/components/link-parts.tsx ChildName builds it. */
export const childNameSlot = `<strong id="${slots.childName}">${dataRightsWords.guardianConsent.childName}</strong>`;

export const consentPage = `<!DOCTYPE html>
<html lang="en-NG"><head><meta charset="utf-8"><title>A student asks for your permission</title></head>
<body><main><h1>A student asks for your permission</h1>
<p><span data-link="without">A page for a parent's link.</span><span data-link="with" hidden="">${childNameSlot} asked for your permission to use YSP.</span></p>
<section id="${slots.answer}" hidden=""><h2>Your answer</h2><div id="${slots.answerText}"></div></section>
<p>${"Read what we keep and why. ".repeat(20)}</p>
<div data-link="with" hidden="">
<section id="${slots.grant}"><h2>Give permission</h2><form method="post" data-check><input id="guardian-name" name="guardian_name" type="text" required=""/><p id="guardian-name-error" class="field-error" hidden=""></p><select id="relationship" name="relationship" required=""><option value="" disabled="" selected="">Choose one</option><option value="Mother">Mother</option></select><p id="relationship-error" class="field-error" hidden=""></p><button type="submit" name="decision" value="grant">Give permission</button></form></section>
<section id="${slots.refuse}"><h2>Not your child?</h2><form method="post"><button type="submit" name="decision" value="refuse">This is not my child / I do not agree</button></form></section>
</div></main></body></html>`;

export const refusePage = `<!DOCTYPE html>
<html lang="en-NG"><head><meta charset="utf-8"><title>Are you sure?</title></head>
<body><main><h1>Are you sure you do not give permission?</h1>
<p><span data-link="without">A page for a parent's link.</span><span data-link="with" hidden="">Your answer will stop ${childNameSlot} using YSP.</span></p>
<div data-link="with" hidden=""><a id="${slots.back}" href="${dataRightsPages.guardianConsent}" class="button">Go back</a><form method="post"><input type="hidden" name="decision" value="refuse"/><button type="submit" name="confirm" value="yes">Yes, I do not give permission</button></form></div>
</main></body></html>`;

/** The fixture site with the parent's pages, in a folder removed once the file's tests have run. */
export function guardianSite() {
  const dir = mkdtempSync(join(tmpdir(), "ysp-guardian-site-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return () => {
    cpSync(fixtureSiteDir, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(fixtureSiteDir, "site.json"), "utf8"));
    for (const [path, html] of [
      [dataRightsPages.guardianConsent, consentPage],
      [dataRightsPages.guardianConsentRefuse, refusePage],
    ] as const) {
      mkdirSync(join(dir, "client", path), { recursive: true });
      writeFileSync(join(dir, "client", path, "index.html"), html);
      manifest.pages.push({
        path,
        file: `${path.slice(1)}/index.html`,
        contentSecurityPolicy: "default-src 'self'; frame-ancestors 'none'",
      });
    }
    writeFileSync(join(dir, "site.json"), JSON.stringify(manifest));
    return loadSite(dir);
  };
}
