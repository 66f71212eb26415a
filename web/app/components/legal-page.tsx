import { legalPage } from "@ysp/content/legal/page";
import { site } from "@ysp/content/site";
import type { LegalDocument } from "@ysp/content/types";
import { TextBlocks } from "./text-blocks.tsx";

/**
 * Formatted when a legal page renders, not when the module loads: creating a
 * date format loads locale data (about 20 ms here, several times that on a
 * cheap phone), and every hydrated page loads this module in the shared chunk.
 */
const formatUpdated = (iso: string) =>
  new Date(iso).toLocaleDateString(site.language, { dateStyle: "long", timeZone: "Africa/Lagos" });

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="container page legal">
      <h1>{document.title}</h1>
      <p className="muted">{`${legalPage.updated} ${formatUpdated(document.updated)}`}</p>
      <TextBlocks blocks={document.intro} />
      <nav aria-labelledby="toc-heading" className="toc">
        <h2 id="toc-heading">{legalPage.contents}</h2>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>
            {index + 1}. {section.heading}
          </h2>
          <TextBlocks blocks={section.blocks} />
        </section>
      ))}
    </article>
  );
}
