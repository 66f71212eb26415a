/**
 * The one place for the company's contacts, store links and external links.
 *
 * PLACEHOLDERS: every value marked `PLACEHOLDER` below stands in for a real
 * one the company has not given us yet. Replace it here; nothing else in the
 * code base holds a phone number, an e-mail address or a URL of ours.
 */
export type SiteConfig = {
  name: string;
  /**
   * The language every page and message is written in, and the locale dates and naira are
   * written in: English as used in Nigeria (BCP 47).
   */
  language: string;
  /** Public origin the site is served from; canonical URLs and the sitemap use it. */
  origin: string;
  tagline: string;
  description: string;
  address: { street: string; city: string; country: string };
  /** International format, digits only after the plus: the chat link is built from it. */
  phone: string;
  email: string;
  /** The sender of every message the site sends (MAIL_FROM overrides it), as "Name <address>". */
  mailFrom: string;
  /** When the team answers chats, as it reads after "Our team answers on WhatsApp,". */
  supportDays: string;
  dataProtectionEmail: string;
  stores: { appStore: string; googlePlay: string };
  demoVideoUrl: string;
  links: {
    sponsorChild: string;
    mentors: string;
    blog: string;
    x: string;
    facebook: string;
    linkedIn: string;
    youTube: string;
  };
};

export const site: SiteConfig = {
  name: "YSP",
  language: "en-NG",
  origin: "https://ysp.ng", // PLACEHOLDER
  tagline: "Pass WAEC, NECO, JAMB, SAT and IELTS with expert-led classes",
  description:
    "Pre-recorded classes, practice questions with explanations, quizzes and mock exams for SS1–SS3, WAEC, NECO, JAMB UTME, SAT and IELTS, in one mobile app.",
  address: {
    street: "12 Admiralty Way, Lekki Phase 1", // PLACEHOLDER
    city: "Lagos",
    country: "Nigeria",
  },
  phone: "+2348000000000", // PLACEHOLDER {phone}
  email: "info@ysp.ng", // PLACEHOLDER {email}
  mailFrom: "YSP <hello@ysp.ng>", // PLACEHOLDER
  supportDays: "Monday to Saturday",
  dataProtectionEmail: "privacy@ysp.ng", // PLACEHOLDER
  stores: {
    appStore: "https://apps.apple.com/ng/app/ysp/id0000000000", // PLACEHOLDER
    googlePlay: "https://play.google.com/store/apps/details?id=ng.ysp.app", // PLACEHOLDER
  },
  demoVideoUrl: "https://www.youtube.com/watch?v=ysp-demo-01", // PLACEHOLDER
  links: {
    sponsorChild: "https://sponsor.ysp.ng", // PLACEHOLDER
    mentors: "https://mentors.ysp.ng", // PLACEHOLDER
    blog: "https://blog.ysp.ng", // PLACEHOLDER
    x: "https://x.com/ysp_ng", // PLACEHOLDER
    facebook: "https://www.facebook.com/ysp.ng", // PLACEHOLDER
    linkedIn: "https://www.linkedin.com/company/ysp-ng", // PLACEHOLDER
    youTube: "https://www.youtube.com/@ysp_ng", // PLACEHOLDER
  },
};

export const displayPhone = (phone: string) =>
  phone.replace(/^\+234(\d{3})(\d{3})(\d{4})$/, "+234 $1 $2 $3");

export const chatUrl = (phone: string, text?: string) => {
  const url = `https://wa.me/${phone.replace(/\D/g, "")}`;
  return text ? `${url}?text=${encodeURIComponent(text)}` : url;
};
