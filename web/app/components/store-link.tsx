import { common } from "@ysp/content/common";
import { type ReactNode, useSyncExternalStore } from "react";
import { storeUrlFor } from "~/lib/store-link.ts";

const noSubscription = () => () => {};

type NavigatorWithHints = Navigator & { userAgentData?: { platform?: string } };

function clientStoreUrl(): string {
  const nav = navigator as NavigatorWithHints;
  return storeUrlFor({ userAgent: nav.userAgent, platform: nav.userAgentData?.platform });
}

/**
 * The prerendered HTML carries the Google Play URL, so the link works before
 * and without JavaScript; after hydration Apple devices get the App Store.
 */
function useStoreUrl(): string {
  return useSyncExternalStore(noSubscription, clientStoreUrl, () => storeUrlFor(null));
}

export function StoreLink({ className, children }: { className?: string; children: ReactNode }) {
  const href = useStoreUrl();
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" data-store-link>
      {children}
      <span className="visually-hidden">{common.newTab}</span>
    </a>
  );
}
