import { describe, expect, it } from "vitest";
import { validateSignupForm } from "./api.ts";
import { signupBodySchema } from "./api-bodies.ts";
import { correctNameBodySchema } from "./data-rights-bodies.ts";
import { nameMessages, nameProblem } from "./names.ts";
import { signupMessages } from "./signup.ts";

const check = (name: string) => nameProblem("Last name", signupMessages.last_name, name);
const notAName = nameMessages.notAName("Last name");

describe("a new name", () => {
  // Typed composed and decomposed: keyboards send either, and both are the same name.
  it.each([
    "Adébáyọ̀",
    "Ade\u0301ba\u0301yo\u0323\u0300",
    "Ọláolúwa",
    "Ƙasimu",
    "Ɓala",
    "Nneka-Chi",
    "N'Dri",
    "N’Dri",
    "St. John",
    "Oluwáṣeun Ìbàdàn",
    "عبد الله",
    "Ада",
    "a".repeat(47),
  ])("takes %s", (name) => {
    expect(check(name)).toBeNull();
    expect(check(` ${name}  `)).toBeNull();
  });

  it.each([
    "pay at https://pay-waec-fee.example/now",
    "https://x.example",
    "ftp://x",
    "www.pay-fee.example",
    "WWW.x.ng",
    "kid@x.com",
    "@handle",
    "Ada2",
    "0803 123 4567",
    "٣",
    "<script>alert(1)</script>",
    "$`",
    "$'",
    "$&",
    "$1",
    "Ada 😀",
    "Ada_Obi",
    "---",
    "'",
    ".",
  ])("refuses %j with the one sentence", (name) => {
    expect(check(name)).toBe(notAName);
  });

  it("says what a name may hold, in words a student reads at once", () => {
    expect(notAName).toBe(
      "Last name can have only letters, spaces, hyphens, apostrophes and full stops: no numbers, email or web addresses",
    );
  });

  it("keeps the spec's sentence for an empty name, and counts characters up to 50", () => {
    expect(check("   ")).toBe(signupMessages.last_name);
    expect(check("a".repeat(50))).toBeNull();
    expect(check("a".repeat(51))).toBe("Last name must be at most 50 characters");
    // As sent, the spaces trimming removes included: JSON Schema's maxLength counts them too.
    expect(check(` ${"a".repeat(50)}`)).toBe("Last name must be at most 50 characters");
    // Marks count: a name cannot grow without bound under its letters.
    expect(check(`a${"\u0301\u0323".repeat(30)}`)).toBe("Last name must be at most 50 characters");
    expect(check("Bad\u0007Name")).toBe("Last name must not contain control characters");
    // A line break trimming removes is no control character of the name: its digit is the fault.
    expect(check("Ada1\n")).toBe(
      "Last name can have only letters, spaces, hyphens, apostrophes and full stops: no numbers, email or web addresses",
    );
  });

  it("is the rule of the sign-up form, the sign-up body and the name correction alike", () => {
    const name = "Visit www.ysp-fees.example";
    expect(
      validateSignupForm({
        first_name: name,
        last_name: "Obi",
        email: "a@b.ng",
        password: "correct horse",
      }),
    ).toEqual({
      first_name: nameMessages.notAName("First name"),
    });
    const body = { first_name: "Ada", last_name: name };
    expect(correctNameBodySchema.safeParse(body).error?.issues[0]?.message).toBe(notAName);
    const signup = { ...body, email: "a@b.ng", password: "correct horse", user_type: "STUDENT" };
    expect(signupBodySchema.safeParse(signup).error?.issues[0]?.message).toBe(notAName);
    expect(
      signupBodySchema.parse({ ...signup, last_name: " Ade\u0301ba\u0301yo\u0323\u0300 " })
        .last_name,
    ).toBe("Adébáyọ̀");
  });
});
