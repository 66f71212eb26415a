import { site } from "./site.ts";
import type { PageMetaCopy } from "./types.ts";

export type About = {
  title: string;
  meta: PageMetaCopy;
  mission: string;
  paragraphs: readonly string[];
  audiences: readonly { title: string; text: string }[];
  /** The button under the page, to the app store. */
  cta: string;
};

const mission =
  "Our mission is to close the gap in quality of learning and tutoring, so that every student can learn from great teachers, whatever school they attend and wherever they live.";

export const about: About = {
  title: `About ${site.name}`,
  meta: {
    title: `About us | ${site.name}`,
    description: mission,
  },
  mission,
  paragraphs: [
    `${site.name} is an education company based in Lagos, Nigeria. We make affordable pre-recorded classes and learning materials for secondary school students and exam candidates.`,
    "Experienced tutors teach each topic step by step in short video lessons. Practice questions with explanations, quizzes and mock exams help students check what they have learnt and get ready for the real exam.",
    `Everything lives in the ${site.name} mobile app, so students can study at their own pace, replay a lesson as often as they need, and download lessons to watch offline.`,
  ],
  audiences: [
    {
      title: "Students",
      text: "Follow clear lessons for SS1 to SS3, catch up on topics you missed in class, and practise until you are confident.",
    },
    {
      title: "Exam candidates",
      text: "Prepare for WAEC, NECO, JAMB UTME, SAT and IELTS with exam-style practice questions, clear explanations and mock exams.",
    },
    {
      title: "Parents",
      text: "Give your child affordable expert teaching at home, and follow their progress with regular reports.",
    },
    {
      title: "Teachers",
      text: "Use our lessons and practice materials to support your students in class and help them revise at home.",
    },
  ],
  cta: "Get Started",
};
