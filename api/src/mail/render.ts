import {
  type MailWords,
  mailFooter,
  openLinkLine,
  signOff,
  unsubscribeLine,
  unsubscribeLink,
} from "@ysp/content/mail";
import { site } from "@ysp/content/site";
import { escapeHtml } from "../pages/escape-html.ts";

export type RenderedMail = { subject: string; text: string; html: string };

// Mail apps drop <style> blocks and external sheets: every style is inline. The colours are
// the site's, with contrast above 7:1 for text and 4.5:1 for the button.
const styles = {
  body: "margin:0;padding:0;background:#f2f6fb",
  main: "max-width:32rem;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.55;color:#14213d",
  card: "background:#ffffff;border:1px solid #d7dfea;border-radius:12px;padding:24px",
  p: "margin:0 0 16px",
  button:
    "display:inline-block;padding:12px 22px;border-radius:999px;background:#0b4f9c;color:#ffffff;font-weight:600;text-decoration:none",
  small: "margin:0 0 12px;font-size:14px;color:#3d4a63",
  link: "color:#0b4f9c;word-break:break-all",
};

const paragraph = (text: string, style = styles.p) => `<p style="${style}">${escapeHtml(text)}</p>`;

/**
 * A message in two parts: plain text, which every mail app shows and screen
 * readers read well, and a small HTML part with the same words and one
 * button. The link is also written out in full, for apps that show no buttons.
 */
export function renderMail(words: MailWords): RenderedMail {
  const text = [
    words.greeting,
    ...words.paragraphs,
    ...(words.action ? [`${words.action.text}:\n${words.action.url}`] : []),
    ...words.after,
    signOff,
    `--\n${mailFooter.join("\n")}`,
    ...(words.unsubscribe ? [`${unsubscribeLine}\n${words.unsubscribe}`] : []),
  ].join("\n\n");

  const action = words.action
    ? `<p style="${styles.p}"><a href="${escapeHtml(words.action.url)}" style="${styles.button}">${escapeHtml(words.action.text)}</a></p>
<p style="${styles.small}">${escapeHtml(openLinkLine)} <a href="${escapeHtml(words.action.url)}" style="${styles.link}">${escapeHtml(words.action.url)}</a></p>`
    : "";
  const html = `<!DOCTYPE html>
<html lang="${site.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(words.subject)}</title>
</head>
<body style="${styles.body}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(words.preview)}</div>
<div role="article" aria-label="${escapeHtml(words.subject)}" lang="${site.language}" style="${styles.main}">
<div style="${styles.card}">
${paragraph(words.greeting)}
${words.paragraphs.map((p) => paragraph(p)).join("\n")}
${action}
${words.after.map((p) => paragraph(p, styles.small)).join("\n")}
${paragraph(signOff)}
</div>
${mailFooter.map((line) => paragraph(line, styles.small)).join("\n")}
${words.unsubscribe ? `<p style="${styles.small}">${escapeHtml(unsubscribeLine)} <a href="${escapeHtml(words.unsubscribe)}" style="${styles.link}">${escapeHtml(unsubscribeLink)}</a></p>` : ""}
</div>
</body>
</html>
`;
  return { subject: words.subject, text, html };
}
