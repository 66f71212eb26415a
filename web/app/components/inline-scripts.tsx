import { site } from "~/content/site.ts";
import { isAppleDevice } from "~/lib/store-link.ts";

/**
 * The few lines of script every page carries, pages without React included.
 * Their text is hashed into the Content-Security-Policy at build time.
 */

/** Store links point to Google Play in the HTML; Apple devices get the App Store before anything else runs. */
const storeLinks = `(function(){var isAppleDevice=${isAppleDevice.toString()};var n=navigator;if(isAppleDevice({userAgent:n.userAgent,platform:n.userAgentData&&n.userAgentData.platform}))document.querySelectorAll("a[data-store-link]").forEach(function(a){a.href=${JSON.stringify(site.stores.appStore)}})})()`;

/** Dialog buttons use invoker commands (commandfor/command); this covers browsers without them. */
const dialogCommands = `(function(){if("command" in HTMLButtonElement.prototype)return;document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("button[commandfor]");if(!b)return;var d=document.getElementById(b.getAttribute("commandfor"));if(!d)return;var c=b.getAttribute("command");if(c==="show-modal"&&!d.open)d.showModal();else if(c==="close")d.close()})})()`;

/** Rendered into the prerendered HTML only: the browser runs them once, and React keeps them as they are. */
const scripts = import.meta.env.SSR ? [storeLinks, dialogCommands] : ["", ""];

export function InlineScripts() {
  return scripts.map((text, index) => (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, hashed into the CSP
    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
    <script key={index} dangerouslySetInnerHTML={{ __html: text }} suppressHydrationWarning />
  ));
}

/**
 * The sign-up page is prerendered once for every invite code; this fills the
 * code in from the address before React has loaded, so a form posted early keeps it.
 */
const inviteCode = `(function(){var m=/^\\/join\\/([^/]+)\\/?$/.exec(location.pathname);var i=document.querySelector('input[name="referral_code"]');if(m&&i)i.value=m[1]})()`;

export function InviteCodeScript() {
  return (
    <script
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, hashed into the CSP
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? inviteCode : "" }}
      suppressHydrationWarning
    />
  );
}
