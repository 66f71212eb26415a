import { site } from "./site.ts";
import type { PageMetaCopy } from "./types.ts";

/** The home page's own copy; its lists live beside it (stats.ts, lessons.ts, features.ts, testimonials.ts). */
export type HomeCopy = {
  meta: PageMetaCopy;
  hero: { eyebrow: string; title: string; lead: string; cta: string; demo: string };
  /** The demo video's modal and player. */
  demoTitle: string;
  /** Accessible name of the stats strip. */
  statsLabel: string;
  lessons: { heading: string; lead: string };
  features: { heading: string };
  testimonials: { heading: string };
  download: { heading: string; text: string; cta: string };
};

export const home: HomeCopy = {
  meta: {
    title: `${site.name} | Pass WAEC, NECO, JAMB, SAT and IELTS`,
    description: site.description,
  },
  hero: {
    eyebrow: "For SS1–SS3 and exam candidates",
    // A word joiner (U+2060) after the en dash: a line may break after an en dash, and at
    // 1280 px the heading broke as "SS1–" / "SS3".
    title: "Prepare for WAEC, SAT, JAMB, IELTS and your SS1–\u2060SS3 exams with expert tutors",
    lead: "Pre-recorded classes, practice questions with full explanations, quizzes and mock exams, in one app that works on your phone, even on slow data.",
    cta: "Get Started",
    demo: "How it works",
  },
  demoTitle: `How ${site.name} works`,
  statsLabel: `${site.name} in numbers`,
  lessons: {
    heading: "Watch a free lesson",
    lead: "Short classes by experienced teachers. Tap a lesson to play it.",
  },
  features: { heading: "Everything you need to pass" },
  testimonials: { heading: "What students and parents say" },
  download: {
    heading: `Learn anywhere with the ${site.name} app`,
    text: "Sign up, download the app, log in and start your first class today.",
    cta: "Download",
  },
};
