import { describe, expect, it } from "vitest";
import { emailDomains, suggestFromLists } from "./email-typos.ts";
import { suggestEmail } from "./suggest-email.ts";

const typos: [typed: string, meant: string][] = [
  ["ada@gmial.com", "ada@gmail.com"],
  ["ada@gmail.con", "ada@gmail.com"],
  ["ada@gmai.com", "ada@gmail.com"],
  ["ada@gamil.com", "ada@gmail.com"],
  ["ada@gmail.cm", "ada@gmail.com"],
  ["ada@gmail.co", "ada@gmail.com"],
  ["ada@gmailcom", "ada@gmail.com"],
  ["ada@yaho.com", "ada@yahoo.com"],
  ["ada@yahooo.com", "ada@yahoo.com"],
  ["ada@hotmial.com", "ada@hotmail.com"],
  ["ada@outlok.com", "ada@outlook.com"],
  ["ada@ymial.com", "ada@ymail.com"],
  ["ada@icloud.con", "ada@icloud.com"],
  ["ada@unilag.edu.nf", "ada@unilag.edu.ng"],
  ["ada@yahoo.com.nh", "ada@yahoo.com"],
  ["ada@hotmail.co", "ada@hotmail.com"],
  ["ada@outlook.cim", "ada@outlook.com"],
  // The part before the @ stays as it was typed.
  ["Ada.Obi@GMIAL.com", "Ada.Obi@gmail.com"],
  ["  ada+waec@gmial.com ", "ada+waec@gmail.com"],
];

const correct = [
  "ada@gmail.com",
  "ada@yahoo.com",
  "ada@yahoo.co.uk",
  "ada@outlook.com",
  "ada@hotmail.com",
  "ada@ymail.com",
  "ada@icloud.com",
  "ada@live.com",
  "ada@mail.com",
  "ada@example.ng",
  "ada@example.com.ng",
  "ada@example.org",
  "ada@example.co.uk",
  "ada@yahoo.com.ng",
  "ada@mtn.ng",
  "ada@glo.com",
  "ada@nitda.gov.ng",
  "ada@school.sch.ng",
  "ada@unilag.edu.ng",
  "ada@ui.edu.ng",
  "ada@oauife.edu.ng",
  "ada@student.oauife.edu.ng",
  "ada@unn.edu.ng",
  "ada@abu.edu.ng",
  "ada@futa.edu.ng",
  "ada@lasu.edu.ng",
  "ada@stu.cu.edu.ng",
  "ada@lmu.edu.ng",
  "ada@covenantuniversity.edu.ng",
];

/** Not addresses, or not ones a hint can help with: no hint from either. */
const nothing = [
  "",
  "ada",
  "ada@",
  "@gmial.com",
  "ada@@gmial.com",
  "ada@gmial com",
  "ada@gm(a)l.c(m",
];

describe("suggestEmail", () => {
  it.each(typos)("suggests for %s", (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });
  it.each(correct)("leaves %s alone", (address) => {
    expect(suggestEmail(address)).toBeUndefined();
  });
  it.each(nothing)("says nothing for %j", (typed) => {
    expect(suggestEmail(typed)).toBeUndefined();
  });
});

describe("suggestFromLists, the hint file's copy of the library's steps", () => {
  const addresses = [...typos.map(([typed]) => typed), ...correct, ...nothing];
  it("has 40 and more addresses to compare", () => {
    expect(addresses.length).toBeGreaterThanOrEqual(40);
  });
  it.each(addresses)("answers %j as the library does", (typed) => {
    expect(suggestFromLists(typed, emailDomains)).toBe(suggestEmail(typed));
  });
});
