import { privacy } from "@ysp/content/legal/privacy";
import { LegalPage } from "~/components/legal-page.tsx";
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
