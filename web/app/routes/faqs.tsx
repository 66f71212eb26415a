import { faqPage, faqs } from "@ysp/content/faqs";
import { site } from "@ysp/content/site";
import type { TextBlock } from "@ysp/content/types";
import { ExternalLink } from "~/components/external-link.tsx";
import { TextBlocks } from "~/components/text-blocks.tsx";
import { pageMeta } from "~/lib/seo.ts";

const plainText = (blocks: readonly TextBlock[]) =>
  blocks.map((b) => (typeof b === "string" ? b : b.list.join("; "))).join(" ");

export function meta() {
  return pageMeta({
    title: `${faqPage.title} | ${site.name}`,
    description: faqPage.metaDescription,
    path: "/faqs",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: faqs.map((faq) => ({
          "@type": "Question",
          name: faq.question,
          acceptedAnswer: { "@type": "Answer", text: plainText(faq.answer) },
        })),
      },
    ],
  });
}

export default function Faqs() {
  return (
    <div className="container page">
      <h1>{faqPage.title}</h1>
      <p className="lead">{faqPage.lead}</p>
      <div className="accordion">
        {/* A shared name makes the browser keep one answer open at a time, with no script. */}
        {faqs.map((faq) => (
          <details key={faq.id} name="faq" id={faq.id} className="accordion-item">
            <summary>{faq.question}</summary>
            <div className="accordion-body">
              <TextBlocks blocks={faq.answer} />
            </div>
          </details>
        ))}
      </div>
      <section className="get-in-touch" aria-labelledby="touch-heading">
        <h2 id="touch-heading">{faqPage.contact.heading}</h2>
        <p>{faqPage.contact.text}</p>
        <ExternalLink className="button button-accent button-large" href={faqPage.contact.href}>
          {faqPage.contact.cta}
        </ExternalLink>
      </section>
    </div>
  );
}
