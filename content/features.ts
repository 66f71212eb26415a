export type Feature = { title: string; text: string; cta: string };

export const features: readonly Feature[] = [
  {
    title: "Our Classes",
    text: "Expert-led video classes for SS1 to SS3 and exam preparation, explained step by step so you can learn at your own pace.",
    cta: "Learn now",
  },
  {
    title: "Learning Resources",
    text: "Thousands of notes, practice questions and worked explanations across more than 20 subjects, all in one app.",
    cta: "Register Now",
  },
  {
    title: "Practice Quizzes",
    text: "Test yourself with quizzes and mock exams in the style of WAEC, NECO, JAMB, SAT and IELTS, and see your score straight away.",
    cta: "Take Exam",
  },
];
