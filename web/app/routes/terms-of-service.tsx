import { terms } from "@ysp/content/legal/terms";
import { LegalPage } from "~/components/legal-page.tsx";
import { pageMeta } from "~/lib/seo.ts";

export function meta() {
  return pageMeta({
    ...terms.meta,
    path: "/terms-of-service",
  });
}

export default function TermsOfService() {
  return <LegalPage document={terms} />;
}
