import { brotliCompressSync, constants } from "node:zlib";
import { accountPages, dataRightsPages, yourDataSlots } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import { dataRightsWords } from "@ysp/web/content/data-rights";
import type { FastifyPluginAsync } from "fastify";
import type { Guardians } from "../accounts/guardians.ts";
import type { Newsletter } from "../accounts/newsletter.ts";
import type { PersonalData } from "../accounts/personal-data.ts";
import type { User } from "../db/schema.ts";
import { escapeHtml } from "../escape-html.ts";
import { MissingBuildError, type PageFile, type SiteFiles, variant } from "../static-site.ts";
import { dataViewHtml } from "../your-data-view.ts";
import { sendFile } from "./site.ts";
import { dataUserOf, type YourDataOptions } from "./your-data.ts";

export type YourDataPagesOptions = Pick<YourDataOptions, "signer" | "students"> & {
  site: SiteFiles;
  guardians: Pick<Guardians, "state">;
  newsletter: Pick<Newsletter, "state">;
  personalData: Pick<PersonalData, "download">;
};

/** One change to a built page; it throws when the page has no place for it. */
type Edit = (html: string) => string;

function replaceOnce(html: string, pattern: RegExp, replacer: (match: string) => string): string {
  const match = pattern.exec(html);
  if (!match) throw new MissingBuildError(`a built page has nothing matching ${pattern}`);
  // Sliced, not String.replace with a string: a name holding `$&` or `` $` `` must not copy the
  // page into itself (issue 30).
  return (
    html.slice(0, match.index) + replacer(match[0]) + html.slice(match.index + match[0].length)
  );
}

const openingTag = (id: string) => new RegExp(`<[a-z0-9]+ id="${id}"[^>]*>`);
const show =
  (id: string): Edit =>
  (html) =>
    replaceOnce(html, openingTag(id), (tag) => tag.replace(' hidden=""', ""));
const hide =
  (id: string): Edit =>
  (html) =>
    replaceOnce(html, openingTag(id), (tag) => `${tag.slice(0, -1)} hidden="">`);
/** Writes `innerHtml` (already escaped) into the element with this id, empty as built. */
const fill =
  (id: string, innerHtml: string): Edit =>
  (html) =>
    replaceOnce(html, new RegExp(`<([a-z0-9]+) id="${id}"[^>]*></\\1>`), (element) => {
      const close = element.lastIndexOf("</");
      return element.slice(0, close) + innerHtml + element.slice(close);
    });
/** Writes a value into the input named `name`, built with `value=""`. */
const value =
  (name: string, text: string): Edit =>
  (html) =>
    replaceOnce(html, new RegExp(`<input [^>]*name="${name}"[^>]*>`), (tag) => {
      if (!tag.includes(' value=""')) throw new MissingBuildError(`input ${name} has no value=""`);
      const at = tag.indexOf(' value=""');
      return `${tag.slice(0, at)} value="${escapeHtml(text)}"${tag.slice(at + ' value=""'.length)}`;
    });

/** The session's own: the note that no account is open goes, the part only a session sees comes. */
const inSession: Edit[] = [hide(yourDataSlots.noSession), show(yourDataSlots.session)];

const states = dataRightsWords.states;

/**
 * The pages about one's own data, as the browser whose data session it is (the HttpOnly cookie
 * of your-data.ts) should see them; any other browser gets them as built, which say no account is
 * open here. "Manage your data" names the account (its name, its address masked as
 * "a•••@example.ng", its parent's permission and its newsletter) and fills the name's fields;
 * "View my data" holds the download as a page; /email-confirmed offers the parent's request's
 * form. Each is written for one person: never cached, and only ever to a browser whose cookie
 * came with a same-site request (SameSite=Strict), so no other site can frame or fetch one.
 */
export const yourDataPagesRoutes: FastifyPluginAsync<YourDataPagesOptions> = async (
  app,
  options,
) => {
  const { site, guardians, newsletter, personalData } = options;

  /**
   * Serves the page at `path`: as built without a session; with one, with `edits` of what
   * `facts` reads for its account. Every place is checked once, at start-up, with `sample`:
   * a build without them stops the server there.
   */
  function personalPage<Facts>(
    path: string,
    facts: (user: User) => Promise<Facts>,
    edits: (facts: Facts) => readonly Edit[],
    sample: Facts,
  ) {
    const page = site.pages.get(path);
    if (!page) return;
    const html = page.identity.body.toString("utf8");
    const written = (changes: readonly Edit[]) => changes.reduce((text, edit) => edit(text), html);
    try {
      written(edits(sample));
    } catch (error) {
      throw new MissingBuildError(
        `The built ${path} page has no place for the account's facts: run \`npm run build\` again.`,
        { cause: error },
      );
    }
    app.get(path, { logLevel: "warn" }, async (request, reply) => {
      const user = await dataUserOf(request, options);
      if (!user) return sendFile(request, reply, page, { cacheControl: "no-store" });
      const body = Buffer.from(written(edits(await facts(user))));
      // Compressed here, as the build compresses the others: quality 5 takes about a millisecond.
      const personal: PageFile = {
        ...page,
        identity: variant(body),
        br: variant(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
        gzip: undefined,
      };
      return sendFile(request, reply, personal, { cacheControl: "no-store" });
    });
  }

  personalPage(
    dataRightsPages.manageYourData,
    async (user) => ({
      user,
      guardian: await guardians.state(user.id),
      newsletter: await newsletter.state(user.email),
    }),
    ({ user, guardian, newsletter: letters }) => [
      ...inSession,
      fill(yourDataSlots.name, escapeHtml(`${user.firstName} ${user.lastName}`)),
      fill(yourDataSlots.email, escapeHtml(maskEmail(user.email))),
      fill(yourDataSlots.guardian, escapeHtml(states.guardian[guardian])),
      fill(yourDataSlots.newsletter, escapeHtml(states.newsletter[letters])),
      value("first_name", user.firstName),
      value("last_name", user.lastName),
    ],
    {
      user: { firstName: "", lastName: "", email: "" } as User,
      guardian: "none" as const,
      newsletter: "none" as const,
    },
  );
  personalPage(
    dataRightsPages.viewYourData,
    async (user) => dataViewHtml(await personalData.download(user)),
    (data) => [hide(yourDataSlots.noSession), fill(yourDataSlots.data, data)],
    "",
  );
  personalPage(
    accountPages.emailConfirmed,
    async () => null,
    () => inSession,
    null,
  );
};
