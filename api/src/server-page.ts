import { site } from "@ysp/content/site";
import { escapeHtml } from "./escape-html.ts";

/**
 * A page the server writes itself rather than the site's build: the answer to a plain form post,
 * and the API reference. Neither is for search engines. `head` is what the page adds to its
 * head (its style, a script); `main` is its content, already escaped.
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
