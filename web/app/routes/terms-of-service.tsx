import { LegalPage } from "~/components/legal-page.tsx";
import { terms } from "~/content/legal/terms.ts";
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
