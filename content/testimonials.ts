import type { Testimonial } from "./types.ts";

// SAMPLE CONTENT: these testimonials are invented placeholders. Replace them with
// real testimonials, used with the written consent of each person (and of a
// parent or guardian for anyone under 18), before launch.
export const testimonials: readonly Testimonial[] = [
  {
    quote:
      "I used the JAMB mock exams every weekend for two months. By the end I was finishing on time and my scores kept going up, and the explanations showed me exactly where I was losing marks.",
    name: "Tobiloba A.",
    role: "JAMB UTME candidate, Ibadan",
  },
  {
    quote:
      "Chemistry never made sense to me in class. Now I watch the lesson, pause when I need to, and try the practice questions. I downloaded the videos, so I can study even when there is no data.",
    name: "Aisha M.",
    role: "SS2 student, Kano",
  },
  {
    quote:
      "Home lessons for two children were too expensive for us. With this app they study every evening, and the progress reports show me what they have covered and where they still need help.",
    name: "Mrs. Ibiere O.",
    role: "Parent, Port Harcourt",
  },
];
