import { LegalPage } from "~/components/legal-page.tsx";
import { terms } from "~/content/legal/terms.ts";
import { site } from "~/content/site.ts";
import { staticPage } from "~/lib/page-handle.ts";
import { pageMeta } from "~/lib/seo.ts";

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: `Terms of Service | ${site.name}`,
    description: `The terms that govern your use of the ${site.name} website and app.`,
    path: "/terms-of-service",
  });
}

export default function TermsOfService() {
  return <LegalPage document={terms} />;
}
