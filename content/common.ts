import { site } from "./site.ts";

/** Words the shared pieces say on every page they appear on. */
export type CommonCopy = {
  /** Read after every link that opens a new tab, so nobody is surprised by one. */
  newTab: string;
  /** The button that closes a modal, as a screen reader says it. */
  close: string;
  /** The bar shown while the next page's code is on its way. */
  pageLoading: string;
  chatButton: { region: string; link: string };
  /**
   * Under an email field whose domain looks mistyped; a tap puts the address in. Sent as its
   * source to the pages without framework JavaScript, so it uses nothing but its argument.
   */
  didYouMean: (address: string) => string;
  /** The way home from a page that ends a journey: an answer, an error, a link page. */
  goHome: string;
};

export const common: CommonCopy = {
  newTab: " (opens in a new tab)",
  close: "Close",
  pageLoading: "Loading the page",
  chatButton: {
    region: "Chat with us",
    link: `Chat with ${site.name} on WhatsApp (opens in a new tab)`,
  },
  didYouMean: (address) => `Did you mean ${address}?`,
  goHome: "Go to the home page",
};
