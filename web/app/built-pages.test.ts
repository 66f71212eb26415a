import { existsSync, readFileSync } from "node:fs";
import { about } from "@ysp/content/about";
import { displayPhone, site } from "@ysp/content/site";
import type { SiteBuild } from "@ysp/contract/site-build";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { isStaffPage, isVisited, notFoundPage, type Page, pages, scriptBudgetKb } from "./pages.ts";

/**
 * The prerendered pages as the build writes them, which is what the server sends a visitor
 * without a session (api/src/pages writes one person's facts in for that person only). What a
 * page says, what it links to and what script it carries need no browser: the 41 pages are read
 * here in about a second, where a browser spent 1.5 s opening each before it checked a thing.
 * Layout, focus and scripts at work are checked in e2e/.
 */

const buildDir = new URL("../build/", import.meta.url);
const siteJson = new URL("site.json", buildDir);

/** Whether web/build holds a build; without one (a fresh clone) these tests are skipped, and this says why. */
function hasBuild(): boolean {
  if (existsSync(siteJson)) return true;
  console.log(`No build in ${buildDir.pathname}: the built pages are not checked (npm run build).`);
  return false;
}

type Document = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.findAll>[number];

/** The pages a visitor opens: all but the frame the server keeps for its answers (pages.ts). */
const visited = pages.filter(isVisited);
const withChrome = visited.filter((page) => page.chrome);
/** The pages for the public: the staff area's carry no chat with the team (decision 041). */
const publicPages = visited.filter((page) => !isStaffPage(page));
/** Pages whose HTML, rendered at build time, is the whole page: no framework JavaScript. */
const staticPages = visited
  .filter((page) => !page.hydrates)
  .map((page) => ({ ...page, kb: scriptBudgetKb(page) }));
const byId = (id: (typeof pages)[number]["id"]) => pages.find((page) => page.id === id) as Page;

let build: SiteBuild | undefined;
const documents = new Map<string, Document>();
/** The page's file as site.json names it for the server, parsed once. */
function builtPage(page: Page): Document {
  build ??= JSON.parse(readFileSync(siteJson, "utf8")) as SiteBuild;
  const file =
    page.id === notFoundPage.id
      ? build.notFound.file
      : build.pages.find((built) => built.path === page.builtAt)?.file;
  if (!file) throw new Error(`site.json has no file for ${page.builtAt}`);
  const parsed =
    documents.get(file) ?? parseDocument(readFileSync(new URL(`client/${file}`, buildDir), "utf8"));
  documents.set(file, parsed);
  return parsed;
}

/**
 * The elements named `tag` ("*": any) under `root` with each of `attributes`: a value to equal, a
 * pattern to match, or, for "class", one of the element's classes.
 */
function select(
  root: Document | Element,
  tag: string,
  attributes: Record<string, string | RegExp> = {},
): Element[] {
  const holds = (element: Element, [name, wanted]: [string, string | RegExp]) => {
    const value = element.attribs[name];
    if (value === undefined) return false;
    if (wanted instanceof RegExp) return wanted.test(value);
    return name === "class" ? value.split(/\s+/).includes(wanted) : value === wanted;
  };
  return DomUtils.findAll(
    (element) =>
      (tag === "*" || element.name === tag) &&
      Object.entries(attributes).every((entry) => holds(element, entry)),
    root.children,
  );
}

/** The one element matching, which must be there. */
function only(
  root: Document | Element,
  tag: string,
  attributes: Record<string, string | RegExp> = {},
) {
  const found = select(root, tag, attributes);
  expect(found, `${tag} ${JSON.stringify(attributes)}`).toHaveLength(1);
  return found[0] as Element;
}

/** An element's text with its white space collapsed, as a reader (or a screen reader) gets it. */
const text = (element: Element) => DomUtils.textContent(element).replace(/\s+/g, " ").trim();
/** What a screen reader calls a link or control: its label, or its text. */
const nameOf = (element: Element) => element.attribs["aria-label"] ?? text(element);
/** The links under `root` a reader would find by `name`. */
const links = (root: Document | Element, name: RegExp) =>
  select(root, "a").filter((link) => name.test(nameOf(link)));

/** The page's structured data: every object of every JSON-LD script, parsed. */
const structuredData = (document: Document): Record<string, unknown>[] =>
  select(document, "script", { type: "application/ld+json" }).flatMap(
    (script) => JSON.parse(DomUtils.textContent(script)) as Record<string, unknown>[],
  );

/** The scripts the browser runs: no src (files are counted apart) and no data (JSON-LD). */
const inlineScripts = (document: Document) =>
  select(document, "script").filter(
    (script) => !("src" in script.attribs) && script.attribs.type !== "application/ld+json",
  );

describe.skipIf(!hasBuild())("the built pages", () => {
  describe("the frame around the content", () => {
    it.each(visited)(
      "$id has one h1, and the site's header and footer where it has chrome",
      (page) => {
        const document = builtPage(page);
        expect(select(document, "h1")).toHaveLength(1);
        expect(select(document, "header", { class: "site-header" })).toHaveLength(
          page.chrome ? 1 : 0,
        );
        expect(select(document, "footer", { class: "site-footer" })).toHaveLength(
          page.chrome ? 1 : 0,
        );
      },
    );
  });

  describe("the chat button", () => {
    it.each(publicPages)("$id links to the team's WhatsApp chat, named for it", (page) => {
      const chat = only(builtPage(page), "a", { class: "chat-button" });
      expect(chat.attribs.href).toBe(`https://wa.me/${site.phone.slice(1)}`);
      expect(nameOf(chat)).toMatch(/WhatsApp/);
    });
  });

  describe("what search engines and link previews read", () => {
    it.each(visited)(
      "$id has a title, description, canonical address, cards and JSON-LD",
      (page) => {
        const document = builtPage(page);
        const head = only(document, "head");
        expect(text(only(head, "title"))).toMatch(/\S/);
        expect(only(head, "meta", { name: "description" }).attribs.content).toMatch(/\S/);
        expect(only(head, "link", { rel: "canonical" }).attribs.href).toMatch(/^https:\/\//);
        expect(only(head, "meta", { property: "og:title" }).attribs.content).toMatch(/\S/);
        expect(only(head, "meta", { name: "twitter:card" }).attribs.content).toMatch(/\S/);
        expect(structuredData(document).map((data) => data["@type"])).toContain(
          "EducationalOrganization",
        );
      },
    );
  });

  it("has every file the pages' heads name: icon, manifest and its icons, social image", () => {
    const client = new URL("client/", buildDir);
    /** A file of the site, by its address on the site or its path. */
    const path = (address: string) => new URL(address, site.origin).pathname.slice(1);
    const heads = visited.map((page) => only(builtPage(page), "head"));
    const named = heads.flatMap((head) => [
      ...select(head, "link", { rel: /^(icon|manifest)$/ }).map((link) => link.attribs.href ?? ""),
      ...select(head, "meta", { property: /^og:image$/ }).map((meta) => meta.attribs.content ?? ""),
    ]);
    const files = [...new Set(named.map(path))];
    expect(files).toEqual(
      expect.arrayContaining(["favicon.svg", "manifest.webmanifest", "og-image.jpg"]),
    );
    const manifest = JSON.parse(readFileSync(new URL("manifest.webmanifest", client), "utf8")) as {
      icons: { src: string }[];
    };
    for (const file of [...files, ...manifest.icons.map((icon) => path(icon.src))])
      expect(existsSync(new URL(file, client)), file).toBe(true);
  });

  describe("links to other sites", () => {
    it.each(publicPages)(
      "$id opens each in a new tab that cannot reach back to the page",
      (page) => {
        const document = builtPage(page);
        const own = new URL(site.origin).host;
        const external = [...select(document, "a"), ...select(document, "area")].filter((link) => {
          const url = new URL(link.attribs.href ?? "", site.origin);
          return /^https?:$/.test(url.protocol) && url.host !== own;
        });
        // Every page has at least the WhatsApp chat button.
        expect(external.length).toBeGreaterThan(0);
        for (const link of external) {
          expect(link.attribs.rel?.split(/\s+/), link.attribs.href).toEqual([
            "noopener",
            "noreferrer",
          ]);
          expect(link.attribs.target, link.attribs.href).toBe("_blank");
        }
      },
    );
  });

  describe("pages that need no interactivity", () => {
    // The store link, dialogs' fallback, form checks and the typo hint's loader (its file comes on
    // an email field's first focus): /forgot-password carries the most of these pages, 2.7 KB.
    // Home and /login: 9.9 KB, all inline (a file is a round trip on a slow line;
    // docs/decisions/032). That no file comes while a page loads is checked in the browser
    // (e2e/routes.spec.ts).
    it.each(staticPages)(
      "$id ships no framework JavaScript, and at most $kb KB of inline script",
      (page) => {
        const document = builtPage(page);
        expect(select(document, "link", { rel: "modulepreload" })).toEqual([]);
        expect(select(document, "script", { src: /./ })).toEqual([]);
        const scripts = inlineScripts(document).map((script) => DomUtils.textContent(script));
        expect(scripts.filter((script) => script.includes("__reactRouterContext"))).toEqual([]);
        const bytes = scripts.reduce((sum, script) => sum + Buffer.byteLength(script), 0);
        expect(bytes).toBeLessThanOrEqual(page.kb * 1024);
      },
    );
  });

  describe("the header and footer", () => {
    it.each(withChrome)("$id: the header links where the spec says", (page) => {
      const header = only(builtPage(page), "header", { class: "site-header" });
      const nav = only(header, "nav", { "aria-label": "Main" });
      for (const name of ["About Us", "Sponsor a Child", "Mentors", "FAQs", "Log In"])
        expect(links(nav, new RegExp(`^${name}`)), name).toHaveLength(1);
      expect(links(nav, /^Sponsor a Child/)[0]?.attribs.target).toBe("_blank");
      expect(links(nav, /^Log In/)[0]?.attribs.href).toMatch(/^https:\/\/play\.google\.com\//);
      expect(links(header, /^Sign up/)[0]?.attribs.href).toMatch(/^https:\/\/play\.google\.com\//);
    });

    it.each(withChrome)(
      "$id: the footer has the contact details, link groups and a labelled newsletter form",
      (page) => {
        const footer = only(builtPage(page), "footer", { class: "site-footer" });
        const address = text(only(footer, "address"));
        for (const line of [site.address.street, "Lagos", displayPhone(site.phone), site.email])
          expect(address).toContain(line);
        for (const href of Object.values(site.links))
          expect(select(footer, "a", { href }), href).toHaveLength(1);
        const headings = select(footer, "h2").map(text);
        for (const name of ["Company", "Support", "Stay up to date"])
          expect(headings).toContain(name);
        const email = only(footer, "input", { type: "email" });
        const label = only(footer, "label", { for: email.attribs.id ?? "" });
        expect(text(label)).toMatch(/email/i);
      },
    );
  });

  describe("home", () => {
    const home = () => builtPage(byId("home"));

    it("names the exams in its heading, with the numbers, features, testimonials and download", () => {
      const h1 = text(only(home(), "h1"));
      // "SS1–SS3" holds a word joiner after its dash, so the range never breaks across lines.
      for (const exam of ["WAEC", "SAT", "JAMB", "IELTS", "SS1–\u2060SS3"])
        expect(h1).toContain(exam);
      expect(links(home(), /Get Started/)[0]?.attribs.href).toMatch(/play\.google\.com/);
      const stats = text(only(home(), "section", { "aria-label": "YSP in numbers" }));
      for (const stat of ["20+ Tutors", "10,000+ Students", "20+ Subjects", "5000+ Materials"])
        expect(stats).toContain(stat);
      for (const [title, cta] of [
        ["Our Classes", "Learn now"],
        ["Learning Resources", "Register Now"],
        ["Practice Quizzes", "Take Exam"],
      ] as const) {
        const feature = select(home(), "*", { class: "feature" }).find((block) =>
          select(block, "h3").some((heading) => text(heading) === title),
        );
        expect(feature && links(feature, new RegExp(cta)), title).toHaveLength(1);
      }
      expect(select(home(), "*", { class: "testimonial" })).toHaveLength(3);
      expect(links(home(), /^Download/)).toHaveLength(1);
    });

    it("is also the page at /login", () => {
      expect(text(only(builtPage(byId("login")), "h1"))).toBe(text(only(home(), "h1")));
    });

    it("interleaves 15 lessons by subject in its carousel", () => {
      const cards = select(home(), "a", { class: "lesson-card" });
      expect(cards).toHaveLength(15);
      const tag = (card: Element, kind: string) => text(only(card, "span", { class: kind }));
      expect(cards.slice(0, 6).map((card) => tag(card, "tag-subject"))).toEqual([
        "Government",
        "Chemistry",
        "Accounting",
        "Government",
        "Chemistry",
        "Accounting",
      ]);
      expect(tag(cards[0] as Element, "tag-topic")).toBe("Mass Media");
      expect(tag(cards[0] as Element, "lesson-title")).toMatch(/\S/);
    });

    // The page's script is inline and runs once the document is parsed: until then, as with no
    // script at all, the video links are links to the video's own site.
    it("links How it works and each lesson to its video on YouTube, for a reader without the script", () => {
      const videos = [
        ...links(home(), /^How it works/),
        ...select(home(), "a", { class: "lesson-card" }),
      ];
      expect(videos).toHaveLength(16);
      for (const video of videos)
        expect(video.attribs.href).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    });

    it("sends every store link to Google Play, as built: its script points Apple devices to the App Store", () => {
      const stores = select(home(), "a", { "data-store-link": /./ }).map(
        (link) => link.attribs.href,
      );
      expect(stores.length).toBeGreaterThanOrEqual(5);
      for (const href of stores) expect(href).toMatch(/^https:\/\/play\.google\.com\//);
    });
  });

  describe("the sign-up form", () => {
    /** The input a label names, found as a screen reader finds it: by the label's `for`. */
    const field = (label: string) => {
      const join = builtPage(byId("join"));
      const labelled = select(join, "label").find((element) => text(element) === label);
      return only(join, "input", { id: labelled?.attribs.for ?? "" });
    };

    it("starts names with a capital, and takes the password exactly as it is typed", () => {
      for (const label of ["First name", "Last name"])
        expect(field(label).attribs.autocapitalize, label).toBe("words");
      expect(field("Password").attribs).toMatchObject({
        autocapitalize: "none",
        autocorrect: "off",
        spellcheck: "false",
      });
    });
  });

  describe("FAQs", () => {
    const faqs = () => builtPage(byId("faqs"));

    it("has 15 questions, all closed, each in the FAQPage structured data", () => {
      const items = select(faqs(), "details", { class: "accordion-item" });
      expect(items).toHaveLength(15);
      expect(items.filter((item) => "open" in item.attribs)).toEqual([]);
      const faqPage = structuredData(faqs()).find((data) => data["@type"] === "FAQPage");
      const questions = (faqPage?.mainEntity ?? []) as { name: string }[];
      expect(questions.map((question) => question.name)).toEqual(
        items.map((item) => text(only(item, "summary"))),
      );
    });

    it("covers the plans, the exams and the claims of the spec", () => {
      const words = text(only(faqs(), "*", { class: "accordion" }));
      for (const needle of [
        "₦5,000",
        "₦12,000",
        "₦35,000",
        "WAEC",
        "NECO",
        "JAMB UTME",
        "IELTS",
        "SAT",
        "Cambridge A-Levels",
        "TOEFL",
        "GRE",
        "GMAT",
      ])
        expect(words, needle).toContain(needle);
      expect(words).toMatch(/offline/i);
      expect(words).toMatch(/progress report/i);
      expect(words).toMatch(/family/i);
    });

    it("opens the chat from Get in touch, with a first line written", () => {
      const [link] = links(faqs(), /^Get in touch/);
      const chat = new URL(link?.attribs.href ?? "");
      expect(`${chat.origin}${chat.pathname}`).toBe(`https://wa.me/${site.phone.slice(1)}`);
      expect(chat.searchParams.get("text")).toBeTruthy();
      expect(link?.attribs.target).toBe("_blank");
    });
  });

  describe("legal pages", () => {
    /** The page's contents: the links of its table of contents, each to a part of the page. */
    function contents(document: Document) {
      const toc = only(document, "nav", { class: "toc" });
      const targets = select(toc, "a").map((link) => link.attribs.href ?? "");
      for (const target of targets)
        expect(select(document, "*", { id: target.replace(/^#/, "") }), target).toHaveLength(1);
      return targets;
    }

    it("Terms of Service: linked contents, the spec's numbers and our contacts", () => {
      const terms = builtPage(byId("terms-of-service"));
      expect(contents(terms).length).toBeGreaterThanOrEqual(25);
      expect(contents(terms)).toContain("#dispute-resolution");
      const words = text(only(terms, "article"));
      for (const needle of [
        "at least 13 years old",
        "informal negotiation for 10 business days",
        "all within 5 business days",
        "within 20 business days of being appointed",
        "The seat of arbitration is Lagos",
        "governed by the laws of the Federal Republic of Nigeria",
      ])
        expect(words, needle).toContain(needle);
      const contact = select(only(terms, "*", { id: "contact-us" }), "li").map(text);
      expect(contact).toEqual(
        expect.arrayContaining([
          site.name,
          `${site.address.street}, Lagos, Nigeria`,
          `Phone: ${displayPhone(site.phone)}`,
          `Email: ${site.email}`,
        ]),
      );
    });

    it("Privacy Policy: linked contents, the breach remedy and the data protection officer", () => {
      const privacy = builtPage(byId("privacy-policy"));
      expect(contents(privacy).length).toBeGreaterThanOrEqual(9);
      const words = text(only(privacy, "article"));
      expect(words).toContain("one calendar month");
      expect(words).toMatch(/data protection officer/i);
    });
  });

  it("About us states the mission and the platform: affordable pre-recorded classes and materials", () => {
    const main = only(builtPage(byId("about-us")), "main");
    expect(text(only(main, "h1"))).toBe("About YSP");
    expect(text(main)).toContain(about.mission);
    expect(text(main)).toContain("affordable pre-recorded classes and learning materials");
    const headings = [...select(main, "h2"), ...select(main, "h3")].map(text);
    for (const audience of ["Students", "Exam candidates", "Parents", "Teachers"])
      expect(headings).toContain(audience);
  });

  it("the not-found page offers the way home", () => {
    const main = only(builtPage(notFoundPage), "main");
    expect(text(only(main, "h1"))).toBe("Oops.. It Seems you lost your way");
    expect(nameOf(only(main, "*", { role: "img" }))).toMatch(/\S/);
    expect(links(main, /home/i).map((link) => link.attribs.href)).toEqual(["/"]);
  });
});
