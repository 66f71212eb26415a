import { dataRightsWords } from "@ysp/content/data-rights";
import {
  accountPages,
  answerPages,
  dataRightsMessages,
  dataRightsPages,
  yourDataSlots,
} from "@ysp/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Guardians } from "../accounts/guardians.ts";
import type { Identities } from "../accounts/identities.ts";
import type { Newsletter } from "../accounts/newsletter.ts";
import type { PersonalData } from "../accounts/personal-data.ts";
import type { User } from "../db/schema.ts";
import { type DataSessionOptions, dataUserOf } from "../http/guards.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { type Edit, fill, hide, show, value, withEdits } from "../pages/page-slots.ts";
import { sendFile } from "../pages/send-file.ts";
import { MissingBuildError, pageWithHtml, type SiteFiles } from "../pages/static-site.ts";
import { dataViewHtml } from "../pages/your-data-view.ts";

export type YourDataPagesOptions = DataSessionOptions & {
  site: SiteFiles;
  guardians: Pick<Guardians, "state" | "latestAddress">;
  newsletter: Pick<Newsletter, "state">;
  identities: Pick<Identities, "hasAny">;
  personalData: Pick<PersonalData, "download">;
};

/** The session's own: the note that no account is open goes, the part only a session sees comes. */
const inSession: Edit[] = [hide(yourDataSlots.noSession), show(yourDataSlots.session)];

const states = dataRightsWords.states;

/**
 * The part about Google sign-in, for an account a Google account logs in to: its form while
 * there is a password to log in with instead, and why there is none while there is not.
 */
const googleEdits = (user: User): Edit[] => [
  show(yourDataSlots.googleSection),
  show(user.passwordHash ? yourDataSlots.removeGoogle : yourDataSlots.googleNeedsPassword),
];

/** Where a parent's request went, the address in bold: a mistyped one is what the eye should meet. */
function sentToHtml(address: string): string {
  const sentence = dataRightsMessages.guardianRequestSentTo(address);
  const at = sentence.indexOf(address);
  return `${escapeHtml(sentence.slice(0, at))}<strong>${escapeHtml(address)}</strong>${escapeHtml(sentence.slice(at + address.length))}`;
}

/**
 * The pages about one's own data, as the browser whose data session it is (the HttpOnly cookie
 * of your-data.ts) should see them; any other browser gets them as built, which say no account is
 * open here. "Manage your data" names the account (its name, its address masked as
 * "a•••@example.ng", its parent's permission and its newsletter) and fills the name's fields;
 * "View my data" holds the download as a page; /email-confirmed offers the parent's request's
 * form; the pages after a parent's request repeat the address it went to, as the student typed
 * it, so a mistyped one is seen at once. Each is written for one person: never cached, and only ever to a browser whose cookie
 * came with a same-site request (SameSite=Strict), so no other site can frame or fetch one.
 */
export const yourDataPageViews: FastifyPluginAsync<YourDataPagesOptions> = async (app, options) => {
  const { site, guardians, newsletter, identities, personalData } = options;

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
    const written = (changes: readonly Edit[]) => withEdits(html, changes);
    try {
      written(edits(sample));
    } catch (error) {
      throw new MissingBuildError(
        `The built ${path} page has no place for the account's facts: run \`npm run build\` again.`,
        { cause: error },
      );
    }
    const personal = async (request: FastifyRequest) => {
      const user = await dataUserOf(request, options);
      return user ? written(edits(await facts(user))) : undefined;
    };
    app.formPages.personal.set(path, personal);
    app.get(path, { logLevel: "warn" }, async (request, reply) => {
      const html = await personal(request);
      return sendFile(request, reply, html === undefined ? page : pageWithHtml(page, html), {
        cacheControl: "no-store",
      });
    });
  }

  personalPage(
    dataRightsPages.manageYourData,
    async (user) => ({
      user,
      guardian: await guardians.state(user.id),
      newsletter: await newsletter.state(user.email),
      google: await identities.hasAny(user.id),
    }),
    ({ user, guardian, newsletter: letters, google }) => [
      ...inSession,
      fill(yourDataSlots.google, escapeHtml(states.google[google ? "on" : "off"])),
      ...(google ? googleEdits(user) : []),
      fill(yourDataSlots.name, escapeHtml(`${user.firstName} ${user.lastName}`)),
      // In full: the page is the owner's, opened by their own link, and a typo must show.
      fill(yourDataSlots.email, escapeHtml(user.email)),
      fill(yourDataSlots.guardian, escapeHtml(states.guardian[guardian])),
      fill(yourDataSlots.newsletter, escapeHtml(states.newsletter[letters])),
      value("first_name", user.firstName),
      value("last_name", user.lastName),
    ],
    {
      user: { firstName: "", lastName: "", email: "" } as User,
      guardian: "none" as const,
      newsletter: "none" as const,
      // Checked at start-up with the Google part, as an account with no password has it.
      google: true,
    },
  );
  personalPage(
    dataRightsPages.viewYourData,
    async (user) => dataViewHtml(await personalData.download(user)),
    (data) => [hide(yourDataSlots.noSession), fill(yourDataSlots.data, data)],
    "",
  );
  for (const answer of [answerPages.guardianAsked, answerPages.guardianAskedOnConfirm])
    personalPage(
      answer,
      (user) => guardians.latestAddress(user.id),
      (address) =>
        address === undefined
          ? []
          : [
              fill(yourDataSlots.guardianAddress, sentToHtml(address)),
              show(yourDataSlots.guardianAddress),
            ],
      "",
    );
  personalPage(
    accountPages.emailConfirmed,
    async () => null,
    () => inSession,
    null,
  );
};
