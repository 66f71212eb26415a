/** A block of legal or long-form text: a paragraph, or a bulleted list. */
export type TextBlock = string | { list: readonly string[] };

export type LegalSection = {
  /** Anchor id for the table of contents, kebab-case, unique within the document. */
  id: string;
  heading: string;
  blocks: readonly TextBlock[];
};

/** A page's title and description, as browser tabs, search results and shared links show them. */
export type PageMetaCopy = { title: string; description: string };

export type LegalDocument = {
  title: string;
  meta: PageMetaCopy;
  /** ISO date, shown as "Last updated". */
  updated: string;
  intro: readonly TextBlock[];
  sections: readonly LegalSection[];
};

export type Faq = { id: string; question: string; answer: readonly TextBlock[] };

export type Testimonial = { quote: string; name: string; role: string };
