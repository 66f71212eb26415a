import { LegalPage } from "~/components/legal-page.tsx";
import { privacy } from "~/content/legal/privacy.ts";
import { site } from "~/content/site.ts";
import { staticPage } from "~/lib/page-handle.ts";
import { pageMeta } from "~/lib/seo.ts";

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: `Privacy Policy | ${site.name}`,
    description: `What personal data ${site.name} collects, why, and the rights you have over it.`,
    path: "/privacy-policy",
  });
}

export default function PrivacyPolicy() {
  return <LegalPage document={privacy} />;
}
