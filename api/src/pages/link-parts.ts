import { linkPartAttribute } from "@ysp/contract";
import { MissingBuildError } from "./static-site.ts";

const withPart = `${linkPartAttribute}="with"`;
const withoutPart = `${linkPartAttribute}="without"`;

/**
 * A link's page as built says what it is for and hides what needs the link (WithLink and
 * WithoutLink in web/app/components/link-parts.tsx). Opened with a token, the other way round.
 * Constant strings only, with replacer functions: nothing from the request is written here.
 */
export function showLinkParts(html: string): string {
  if (!html.includes(`${withPart} hidden=""`) || !html.includes(withoutPart))
    throw new MissingBuildError(
      "A built link page has no parts marked for its link: run `npm run build` again.",
    );
  return html
    .replaceAll(`${withPart} hidden=""`, () => withPart)
    .replaceAll(withoutPart, () => `${withoutPart} hidden=""`);
}
