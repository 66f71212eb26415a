import { mailWords } from "@ysp/content/mail";
import { describe, expect, it } from "vitest";
import { renderMail } from "./render.ts";

const url = "https://ysp.example/a-link?token=abc";
/** A second link, where a message has two. */
const other = "https://ysp.example/another";

/** Every message the site sends, rendered as its reader gets it. */
const every = {
  verifyEmail: mailWords.verifyEmail("Ada", url, "48 hours"),
  resetPassword: mailWords.resetPassword("Ada", url, "30 minutes"),
  passwordChanged: mailWords.passwordChanged("Ada", url),
  yourData: mailWords.yourData("Ada", url, "30 minutes"),
  guardianRequest: mailWords.guardianRequest("Ada Obi", url, "14 days", other),
  guardianRefused: mailWords.guardianRefused("Ada", "27 December 2026", other),
  accountDeleted: mailWords.accountDeleted(),
  newsletterConfirm: mailWords.newsletterConfirm(url, "7 days", other),
  emailChangeConfirm: mailWords.emailChangeConfirm("Ada", url, "48 hours", "7 days"),
  emailChangeTaken: mailWords.emailChangeTaken("Ada", other),
  emailChanged: mailWords.emailChanged("Ada", url, "7 days", "nkechi@example.org"),
  emailChangeUndone: mailWords.emailChangeUndone("Ada", url, "30 minutes", other),
  googleLink: mailWords.googleLink("Ada", url, "48 hours"),
  googleTookOver: mailWords.googleTookOver("Ada", other),
  staffEnrol: mailWords.staffEnrol(url, "24 hours", "admin"),
} satisfies Record<keyof typeof mailWords, unknown>;

describe.each(Object.entries(every))("the %s message's text part", (_name, words) => {
  const { text } = renderMail(words);
  const lines = text
    .split("\n")
    .map((line) => line.trim().replace(/:$/, ""))
    .filter((line) => line !== "" && line !== "--");

  it("says nothing twice: no line repeats, or repeats what the line before it says", () => {
    expect(new Set(lines).size).toBe(lines.length);
    for (const [i, line] of lines.entries())
      if (i > 0) expect(lines[i - 1], `"${line}" after the line that says it`).not.toContain(line);
  });

  it("speaks of no button, which only the HTML part has", () => {
    expect(text).not.toMatch(/\bbutton\b/i);
  });

  it("leads on with a link, one tap from the mail, not with a button of the app", () => {
    expect(text).not.toMatch(/"[^"]+" in the app/);
  });
});
