import { examsCovered, examsPlanned, formatNaira, plans } from "./plans.ts";
import { chatUrl, displayPhone, site } from "./site.ts";
import type { Faq } from "./types.ts";

/** "A, B and C": reads naturally in an answer, unlike a bare join(", "). */
const listText = (items: readonly string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

const siteHost = site.origin.replace(/^https?:\/\//, "");
const joinPage = `${siteHost}/join`;
const forgotPasswordPage = `${siteHost}/forgot-password`;

export const faqs: readonly Faq[] = [
  {
    id: "what-is-ysp",
    question: `What is ${site.name}?`,
    answer: [
      `${site.name} is a learning app for secondary school students and exam candidates. It gives you expert-led video classes, practice questions with explanations, quizzes and mock exams, so you can study at your own pace, wherever you are.`,
    ],
  },
  {
    id: "which-classes",
    question: `Which classes is ${site.name} for?`,
    answer: [
      "We cover the senior secondary curriculum for SS1, SS2 and SS3, across science, commercial and arts subjects. Whether you are just starting SS1 or revising in SS3, there are lessons for your class.",
    ],
  },
  {
    id: "exams-covered",
    question: "Which exams do you prepare students for?",
    answer: [
      `Right now we prepare students for ${listText(examsCovered)}.`,
      `We are also working on ${listText(examsPlanned)}, which are coming soon.`,
    ],
  },
  {
    id: "how-to-sign-up",
    question: "How do I sign up?",
    answer: [
      {
        list: [
          `Sign up on our website at ${joinPage} with your name, email address and a password.`,
          "Open the link we email you to confirm your address. If you are under 18, ask a parent or guardian for permission on the page it opens.",
          `Download the ${site.name} app from Google Play or the App Store.`,
          "Log in to the app with the same email address and password.",
        ],
      },
      `Forgot your password? Ask for a link to choose a new one at ${forgotPasswordPage}, or tap "Forgot password?" in the app; the link comes to your account's email.`,
    ],
  },
  {
    id: "devices",
    question: "Which phones can I use?",
    answer: [
      `The ${site.name} app works on Android phones (download it from Google Play) and on iPhones (download it from the App Store).`,
    ],
  },
  {
    id: "offline-and-data",
    question: "Can I study offline or on slow mobile data?",
    answer: [
      "Yes. Download lessons in the app when you have Wi-Fi or a good signal, then watch them offline as many times as you like without using any data. Practice questions and quizzes use very little data, so they work well on a slow connection.",
    ],
  },
  {
    id: "practice-and-mock-exams",
    question: "How do the practice questions and mock exams work?",
    answer: [
      "Every topic comes with practice questions, and each one has a clear explanation so you understand why the answer is right. When you are ready, take a mock exam set in the style of the real exam to see how prepared you are.",
    ],
  },
  {
    id: "tutors",
    question: "Who are the tutors?",
    answer: [
      "Our classes are taught by experienced teachers and subject specialists who know the exam syllabuses well and have helped many students prepare for them.",
    ],
  },
  {
    id: "subscription-plans",
    question: `How much does ${site.name} cost?`,
    answer: [
      "Choose the plan that suits you:",
      { list: plans.map((plan) => `${plan.name}: ${formatNaira(plan.price)} ${plan.period}`) },
      "Every plan gives you the full app: classes, practice questions, quizzes and mock exams.",
    ],
  },
  {
    id: "payment-methods",
    question: "How can I pay?",
    answer: [
      "You can pay with a debit or credit card, by bank transfer, or with your bank's USSD code.",
    ],
  },
  {
    id: "cancel-subscription",
    question: "Can I cancel my subscription?",
    answer: [
      "Yes, you can cancel at any time. You keep access until the end of the period you have already paid for, and you will not be charged again.",
    ],
  },
  {
    id: "parent-progress-reports",
    question: "Can parents see how their child is doing?",
    answer: [
      "Yes. Parents can get progress reports showing the lessons their child has completed and their quiz and mock exam scores, so you can see where they are doing well and where they need more help.",
    ],
  },
  {
    id: "family-packages",
    question: "Do you have family packages?",
    answer: [
      "Yes. If you are signing up two or more children, ask us about a family package. Chat with us on WhatsApp and we'll put one together for your household.",
    ],
  },
  {
    id: "invite-codes",
    question: "A friend sent me an invite link. How do I use it?",
    answer: [
      "Open the link to sign up. Your friend's invite code is filled in on the form for you, so just complete your details and continue.",
    ],
  },
  {
    id: "get-help",
    question: "How do I get help?",
    answer: [
      `Tap the chat button at the bottom right of any page to chat with us on WhatsApp at ${displayPhone(site.phone)}. You can also email us at ${site.email}.`,
    ],
  },
];

/** The FAQs page around the questions. */
export const faqPage = {
  title: "Frequently asked questions",
  metaDescription: `Plans, exams covered, offline study and more: answers to what students and parents ask about ${site.name}.`,
  lead: "Everything students and parents ask us most. Can't find your answer? Chat with us.",
  contact: {
    heading: "Still have a question?",
    text: `Our team answers on WhatsApp, ${site.supportDays}.`,
    cta: "Get in touch",
    /** A chat opened with the first line already written for the student. */
    href: chatUrl(site.phone, `Hello ${site.name}, I have a question.`),
  },
} as const;
