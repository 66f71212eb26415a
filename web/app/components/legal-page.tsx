import type { LegalDocument } from "~/content/types.ts";
import { TextBlocks } from "./text-blocks.tsx";

const dateFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "long",
  timeZone: "Africa/Lagos",
});

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="container page legal">
      <h1>{document.title}</h1>
      <p className="muted">Last updated {dateFormat.format(new Date(document.updated))}</p>
      <TextBlocks blocks={document.intro} />
      <nav aria-labelledby="toc-heading" className="toc">
        <h2 id="toc-heading">Contents</h2>
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
