import { runInNewContext } from "node:vm";
import { emailMessages, emailPattern, emailProblem, maskEmail } from "@ysp/contract/email";
import { describe, expect, it } from "vitest";
import { checkEmailKey, readCheckEmailNote } from "~/lib/check-email-note.ts";
import { isAppleDevice } from "~/lib/store-link.ts";
import { showCheckEmailNotice } from "./check-email-notice.tsx";
import { immediately, pointStoreLinks, polyfillDialogCommands } from "./inline-scripts.tsx";
import { checkNewsletterForms } from "./newsletter-form.tsx";

/**
 * Each script runs in a context of its own holding only the browser objects it reads: one that
 * reached for anything else of this module would fail here, as it would in the page.
 */
describe("inline scripts, run from their text alone", () => {
  const storeLinksOn = (userAgent: string, platform?: string) => {
    const links = [{ href: "play" }, { href: "play" }];
    runInNewContext(immediately(pointStoreLinks, "app-store", isAppleDevice), {
      navigator: { userAgent, userAgentData: platform ? { platform } : undefined },
      document: { querySelectorAll: () => links },
    });
    return links.map((link) => link.href);
  };

  it("points store links to the App Store on Apple devices only", () => {
    expect(storeLinksOn("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toEqual([
      "app-store",
      "app-store",
    ]);
    expect(storeLinksOn("Mozilla/5.0 (X11; Linux x86_64)", "macOS")).toEqual([
      "app-store",
      "app-store",
    ]);
    expect(storeLinksOn("Mozilla/5.0 (Linux; Android 14)", "Android")).toEqual(["play", "play"]);
  });

  const dialogAfterClick = (command: string, open: boolean, hasCommands = false) => {
    const calls: string[] = [];
    const dialog = {
      open,
      showModal: () => calls.push("showModal"),
      close: () => calls.push("close"),
    };
    const button = { getAttribute: (name: string) => (name === "command" ? command : "menu") };
    let listener: ((event: unknown) => void) | undefined;
    runInNewContext(immediately(polyfillDialogCommands), {
      HTMLButtonElement: { prototype: hasCommands ? { command: "" } : {} },
      document: {
        addEventListener: (_: string, handler: (event: unknown) => void) => {
          listener = handler;
        },
        getElementById: (id: string) => (id === "menu" ? dialog : null),
      },
    });
    listener?.({ target: { closest: () => button } });
    return { calls, listening: listener !== undefined };
  };

  it("opens and closes dialogs where the browser has no invoker commands", () => {
    expect(dialogAfterClick("show-modal", false).calls).toEqual(["showModal"]);
    expect(dialogAfterClick("show-modal", true).calls).toEqual([]);
    expect(dialogAfterClick("close", true).calls).toEqual(["close"]);
    expect(dialogAfterClick("close", true, true).listening).toBe(false);
  });
});

describe("the check-email notice's script, run from its text alone", () => {
  const noticeAfter = (stored: string | null) => {
    const sentTo = {
      textContent: "",
      getAttribute: () => "We've sent a link to {}. Open it to confirm your address.",
    };
    const email = { value: "" };
    const notice = { hidden: true, querySelector: () => email };
    runInNewContext(
      immediately(showCheckEmailNotice, readCheckEmailNote, checkEmailKey, maskEmail, "n", "s"),
      {
        window: { sessionStorage: { getItem: () => stored } },
        document: { getElementById: (id: string) => (id === "n" ? notice : sentTo) },
      },
    );
    return { shown: !notice.hidden, line: sentTo.textContent, address: email.value };
  };

  it("names the address masked, and keeps it whole only for the new link's form", () => {
    expect(noticeAfter("ada@gmial.com")).toEqual({
      shown: true,
      line: "We've sent a link to a•••@gmial.com. Open it to confirm your address.",
      address: "ada@gmial.com",
    });
    expect(noticeAfter(null)).toEqual({ shown: false, line: "", address: "" });
  });
});

describe("the newsletter's check, run from its text alone", () => {
  const answerTo = (value: string) => {
    const attributes = new Map<string, string>();
    const input = {
      id: "n",
      value,
      focus: () => {},
      setAttribute: (name: string, to: string) => attributes.set(name, to),
      removeAttribute: (name: string) => attributes.delete(name),
      addEventListener: () => {},
    };
    const line = { id: "n-error", textContent: "", hidden: true };
    let submit: ((event: { preventDefault: () => void }) => void) | undefined;
    const form = {
      querySelector: () => input,
      addEventListener: (_: string, handler: typeof submit) => {
        submit = handler;
      },
    };
    runInNewContext(
      immediately(checkNewsletterForms, {
        required: emailMessages.required,
        invalid: emailMessages.invalid,
        pattern: emailPattern,
      }),
      { document: { querySelectorAll: () => [form], getElementById: () => line } },
    );
    let posted = true;
    submit?.({
      preventDefault: () => {
        posted = false;
      },
    });
    return {
      line: line.hidden ? "" : line.textContent,
      posted,
      invalid: attributes.has("aria-invalid"),
    };
  };

  it("holds the post with the API's own words, and lets an address the API takes go", () => {
    expect(answerTo(" ")).toEqual({ line: emailMessages.required, posted: false, invalid: true });
    expect(answerTo("a@b")).toEqual({ line: emailMessages.invalid, posted: false, invalid: true });
    expect(answerTo("ada@gmial.com")).toEqual({ line: "", posted: true, invalid: false });
    for (const address of ["a@b", "a..b@x.ng", "a@2.7", "ada@example.ng", "ada@gmial.com"])
      expect(answerTo(address).posted, address).toBe(emailProblem(address) === null);
  });
});
