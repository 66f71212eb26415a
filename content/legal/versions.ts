import { privacy } from "./privacy.ts";
import { terms } from "./terms.ts";

/**
 * The version of each legal document is its last-updated date, the one the page shows. A
 * sign-up, a guardian's permission and a newsletter confirmation record the versions in force,
 * so changing a document's date is what makes a new version.
 */
export const policyVersions = { terms: terms.updated, privacy: privacy.updated } as const;
