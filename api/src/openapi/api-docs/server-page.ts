import { site } from "@ysp/content/site";
import { escapeHtml } from "../../pages/escape-html.ts";

/**
 * The frame of the API reference, the one page the server writes whole rather than taking from
 * the site's build (a form post's answer fills the build's own answer frame). Not for search
 * engines. `head` is what the page adds to its head (its style, a script); `main` is its
 * content, already escaped.
 */
export const serverPage = ({ title, head, main }: { title: string; head: string; main: string }) =>
  `<!DOCTYPE html>
<html lang="${site.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
