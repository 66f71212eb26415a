import { site } from "@ysp/content/site";

export type DeviceHints = {
  userAgent: string;
  /** `navigator.userAgentData.platform` where the browser has it. */
  platform?: string;
};

/**
 * iPhone, iPad, iPod and Mac. iPadOS Safari reports itself as a Mac
 * ("Macintosh"), which the Mac rule already covers, so no touch check is needed.
 */
export function isAppleDevice({ userAgent, platform }: DeviceHints): boolean {
  if (platform && /^(macOS|iOS|iPadOS)$/i.test(platform)) return true;
  return /iPhone|iPad|iPod|Macintosh|Mac OS X/.test(userAgent);
}

export function storeUrlFor(device: DeviceHints | null): string {
  return device && isAppleDevice(device) ? site.stores.appStore : site.stores.googlePlay;
}
