import { googleWords } from "@ysp/content/google";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { accountPages, dataRightsPages, googleSignIn, linkPartAttribute } from "@ysp/contract";
import { describe, expect, it } from "vitest";
import { appOnDatabase, builtSite, hasBuild, pgliteForFile } from "../../test/harness.ts";
import { elementEnd } from "../../test/html.ts";

/**
 * The pages a mailed link opens, as the server sends them from the real build: bare, each says
 * what it is for and hides the button only its link makes work; with a token, the other way
 * round. Served here (link-pages.ts), by guardian-consent.ts and by newsletter.ts.
 */
const linkPages = [
  {
    path: accountPages.verifyEmail,
    says: withoutLinkWords.verifyEmail,
    button: "Confirm my email",
  },
  {
    path: accountPages.resetPassword,
    says: withoutLinkWords.resetPassword,
    button: "Change password",
  },
  { path: dataRightsPages.yourData, says: withoutLinkWords.yourData, button: "Open my data" },
  {
    path: dataRightsPages.guardianConsent,
    says: withoutLinkWords.guardianConsent,
    button: "Give permission",
  },
  {
    path: dataRightsPages.newsletterConfirm,
    says: withoutLinkWords.newsletterConfirm,
    button: "Confirm my subscription",
  },
  { path: dataRightsPages.unsubscribe, says: withoutLinkWords.unsubscribe, button: "Unsubscribe" },
  {
    path: googleSignIn.linkPage,
    says: googleWords.linkPage.withoutLink,
    button: googleWords.linkPage.submit,
  },
];

const entities: Record<string, string> = { quot: '"', "#x27": "'", "#39": "'", amp: "&" };
/** The words a reader gets from a piece of HTML: its tags left out, its entities read. */
const textOf = (html: string) =>
  html.replace(/<[^>]*>/g, "").replace(/&(quot|#x27|#39|amp);/g, (_, name) => entities[name] ?? "");

/** The page's parts for and without a link (link-parts.tsx): what each holds, and whether hidden. */
function linkParts(html: string) {
  const opening = new RegExp(
    `<(span|div) ${linkPartAttribute}="(with|without)"( hidden="")?>`,
    "g",
  );
  return [...html.matchAll(opening)].map((found) => {
    const [whole, tag = "", part, hidden] = found;
    const rest = html.slice(found.index + whole.length);
    return { part, hidden: hidden !== undefined, inner: rest.slice(0, elementEnd(rest, tag)) };
  });
}

/** The parts holding the page's words and its button, as [part, hidden]. */
function partsHolding(html: string, { says, button }: { says: string; button: string }) {
  const parts = linkParts(html);
  const holding = (holds: (inner: string) => boolean) =>
    parts.filter(({ inner }) => holds(inner)).map(({ part, hidden }) => [part, hidden]);
  return {
    says: holding((inner) => textOf(inner).includes(says)),
    button: holding((inner) => inner.includes(`>${button}</button>`)),
  };
}

describe.runIf(hasBuild())("the pages a mailed link opens", () => {
  const suite = appOnDatabase(pgliteForFile(), { site: builtSite });

  it.each(linkPages)(
    "$path says what it is for bare, and shows its button with a token",
    async (page) => {
      const bare = await suite.app.inject({ url: page.path });
      expect(bare.statusCode).toBe(200);
      expect(partsHolding(bare.body, page)).toEqual({
        says: [["without", false]],
        button: [["with", true]],
      });
      // Its form needs a link the server knows: guardian-consent.test.ts opens real ones.
      if (page.path === dataRightsPages.guardianConsent) return;
      const withToken = await suite.app.inject({ url: `${page.path}?token=abc` });
      expect(withToken.statusCode).toBe(200);
      expect(partsHolding(withToken.body, page)).toEqual({
        says: [["without", true]],
        button: [["with", false]],
      });
    },
  );

  // A token in the address goes to no other site: the page names no referrer, and its forms post
  // back to the address itself, token included, by having no action.
  it.each([accountPages.verifyEmail, accountPages.resetPassword])(
    "%s with a token sends no Referer, and its forms post to its own address",
    async (path) => {
      const html = (await suite.app.inject({ url: `${path}?token=abc` })).body;
      expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
      const forms = html.match(/<form\b[^>]*>/g) ?? [];
      expect(forms.length).toBeGreaterThan(0);
      expect(forms[0]).not.toMatch(/\saction=/);
      // The eye works only with the page's script, which shows it.
      for (const eye of html.match(/<button [^>]*password-toggle[^>]*>/g) ?? [])
        expect(eye).toContain(' hidden=""');
    },
  );
});
