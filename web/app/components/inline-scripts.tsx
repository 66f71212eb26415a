import { site } from "@ysp/content/site";
import { type DeviceHints, isAppleDevice } from "~/lib/store-link.ts";

/**
 * The few lines of script every page carries, pages without React included. Each is a function
 * here, type-checked and linted, sent as its own source text and called at once: so it may use
 * nothing from outside its body but its arguments. The server build is minified, which keeps
 * that text as short as the hand-written strings it replaced (see vite.config.ts). The build
 * does not lower it for older browsers either, so it keeps to ES2015: no `?.` or `??`.
 * Their text is hashed into each page's Content-Security-Policy after the build.
 */

type Argument =
  | string
  | Readonly<Record<string, string | number>>
  | Readonly<Record<string, readonly string[]>>
  | ((...args: never[]) => unknown);

/**
 * A function's source without its name: the name is the minifier's, changes with unrelated code,
 * and would change the page's bytes and its Content-Security-Policy hash with it.
 */
const source = (script: Argument) => script.toString().replace(/^function\s*[\w$]*/, "function");

/** `(function(…){…})(arguments)`: functions by their source, strings and objects as JSON. */
export function immediately<A extends Argument[]>(script: (...args: A) => void, ...args: A) {
  const values = args.map((value) =>
    typeof value === "function" ? source(value) : JSON.stringify(value),
  );
  return `(${source(script)})(${values.join(",")})`;
}

/** Store links point to Google Play in the HTML; Apple devices get the App Store before anything else runs. */
export function pointStoreLinks(appStore: string, isApple: (device: DeviceHints) => boolean) {
  const hints = (navigator as Navigator & { userAgentData?: { platform: string } }).userAgentData;
  const platform = hints ? hints.platform : undefined;
  if (!isApple({ userAgent: navigator.userAgent, platform })) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-store-link]"))
    link.href = appStore;
}

/** Dialog buttons use invoker commands (commandfor/command); this covers browsers without them. */
export function polyfillDialogCommands() {
  if ("command" in HTMLButtonElement.prototype) return;
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    // biome-ignore lint/complexity/useOptionalChain: ES2015 has no `?.` (see above)
    const button = target.closest && target.closest("button[commandfor]");
    // biome-ignore lint/complexity/useOptionalChain: as above
    const command = button && button.getAttribute("command");
    // The selector leaves only buttons that have the attribute.
    const id = button && (button.getAttribute("commandfor") as string);
    const dialog = id && (document.getElementById(id) as HTMLDialogElement | null);
    if (command === "close" && dialog) dialog.close();
    if (command === "show-modal" && dialog && !dialog.open) dialog.showModal();
  });
}

/**
 * Rendered into the prerendered HTML only: the browser runs them once, and React keeps them as
 * they are. The browser bundle carries empty strings, and so none of the functions above.
 */
const scripts = import.meta.env.SSR
  ? {
      storeLinks: immediately(pointStoreLinks, site.stores.appStore, isAppleDevice),
      dialogCommands: immediately(polyfillDialogCommands),
    }
  : { storeLinks: "", dialogCommands: "" };

export function InlineScript({ text }: { text: string }) {
  return (
    <script
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own function's source, hashed into the CSP
      dangerouslySetInnerHTML={{ __html: text }}
      suppressHydrationWarning
    />
  );
}

export function InlineScripts() {
  return (
    <>
      <InlineScript text={scripts.storeLinks} />
      <InlineScript text={scripts.dialogCommands} />
    </>
  );
}
