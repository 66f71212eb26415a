import { LegalPage } from "~/components/legal-page.tsx";
import { privacy } from "~/content/legal/privacy.ts";
import { pageMeta } from "~/lib/seo.ts";

export function meta() {
  return pageMeta({
    ...privacy.meta,
    path: "/privacy-policy",
  });
}

export default function PrivacyPolicy() {
  return <LegalPage document={privacy} />;
}
