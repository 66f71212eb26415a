import { displayPhone, site } from "../site.ts";
import type { LegalDocument } from "../types.ts";

const name = site.name;

export const privacy: LegalDocument = {
  title: "Privacy Policy",
  meta: {
    title: `Privacy Policy | ${name}`,
    description: `What personal data ${name} collects, why, and the rights you have over it.`,
  },
  updated: "2026-11-30",
  intro: [
    `This Privacy Policy explains how ${name}, a company based in Lagos, Nigeria, collects, uses, shares and protects personal data when you use our website, the ${name} mobile app and our other services (the "Services"). We process personal data in line with the Nigeria Data Protection Act 2023.`,
    "Many of our users are young people. If you are a parent or guardian, please read this policy with your child.",
  ],
  sections: [
    {
      id: "information-we-collect",
      heading: "Information we collect",
      blocks: [
        "Depending on how you use the Services, we may collect:",
        {
          list: [
            "Identity data: your name, username, date of birth, class, school and the exams you are preparing for.",
            "Contact data: your email address, phone number and address, and a parent's or guardian's contact details.",
            "Financial data: your chosen plan, payment references and the last digits of your card. Full card details are handled by our payment providers, not stored by us.",
            "Medical data: only if you choose to give it, for example a condition you tell us about so that we can make lessons or mock exams easier to use.",
            "Biometric data: only if you turn on a feature that needs it, such as fingerprint or face login. Where your device carries out the check, we receive only the result, not the biometric itself.",
            "Device identifiers: device ID, IP address, operating system, app version and similar technical data.",
            "Learning data: the lessons you watch, the questions you answer, and your quiz and mock exam scores.",
            "Communications: messages you send us by email, WhatsApp or in the app.",
            "Other data: the invite code you signed up with, your settings, and cookies and similar data from the website.",
          ],
        },
      ],
    },
    {
      id: "how-we-collect",
      heading: "How we collect it",
      blocks: [
        "We collect personal data when you give it to us directly, for example when you register, pay for a plan, fill in a form or contact us; automatically, when you use the app or website; and from third parties, such as payment providers, a parent or school that signs you up, or a service you use to log in.",
        "When you open our sign-up page from a link that names one of our campaigns (a WhatsApp post of ours, for example), or from another website, we keep the campaign's name and that website's name with the account you make. This tells us which of our posts help students find us.",
        "We count visits to our website's pages: how many each page gets each day, and which websites sent them. We count them without cookies, and we keep no IP address, device or browser details with the counts, so a count cannot show who visited. Visits by search engines and other robots are not counted.",
      ],
    },
    {
      id: "how-we-use",
      heading: "How we use it",
      blocks: [
        "We use personal data to:",
        {
          list: [
            "create and manage your account and give you access to your plan;",
            "deliver classes, practice questions, quizzes and mock exams, and track your progress;",
            "send progress reports to parents and guardians;",
            "process payments and prevent fraud;",
            "answer your questions and send you important notices about the Services;",
            "send you news and offers, if you agree to receive them;",
            "improve and secure the Services, and meet our legal obligations.",
          ],
        },
        "We rely on your consent, the contract between us, our legal obligations or our legitimate interests to do this. We do not sell your personal data.",
      ],
    },
    {
      id: "consent-and-access",
      heading: "Your consent and your rights",
      blocks: [
        "Where we rely on your consent, you may withdraw it at any time. This does not affect what we did before you withdrew it, but it may mean we can no longer provide some of the Services.",
        "You may ask us for a copy of the personal data we hold about you, and ask us to correct, amend or delete it. Before we act on a request, we will ask for proof of your identity, or of your authority if you are acting for a child.",
        "The quickest way is the Your data page (/your-data, linked at the foot of every page). Enter your account's email and we send a link to it: holding that mailbox is the proof of identity. For 30 minutes the link lets you download everything we hold about you as one file, correct your name, stop marketing emails and delete your account at once. We keep a record of each request, without your address, to show that we did what you asked.",
        "When you sign up, we record which versions of our Terms of Service and this Privacy Policy you agreed to, and when. Our newsletter is sent only to addresses whose owner tapped the link in our confirmation email; every newsletter email has a link to unsubscribe with one tap, and we record when you subscribed, confirmed and unsubscribed. A withdrawal is added to the record; nothing is rewritten.",
        "We may refuse a request that is unreasonable, for example one that is clearly unfounded, excessive or repeated, or that would reveal someone else's personal data. If we refuse, we will tell you why.",
      ],
    },
    {
      id: "data-protection-principles",
      heading: "Data protection principles",
      blocks: [
        "Following the Nigeria Data Protection Act 2023, we make sure that personal data is:",
        {
          list: [
            "processed lawfully, fairly and transparently;",
            "collected for specific, legitimate purposes and not used in ways that do not fit those purposes;",
            "adequate, relevant and limited to what we need;",
            "accurate and, where necessary, kept up to date;",
            "kept no longer than we need it, then deleted or anonymised;",
            "kept secure, confidential and protected against loss, damage and unauthorised access.",
          ],
        },
      ],
    },
    {
      id: "your-responsibility",
      heading: "Your responsibility",
      blocks: [
        "Please give us accurate information and tell us when it changes. Keep your password private, log out on shared devices, and do not share other people's personal data with us without their permission.",
      ],
    },
    {
      id: "data-security",
      heading: "Data security",
      blocks: [
        "We protect personal data with measures such as encryption in transit, access controls, and confidentiality duties for our staff and suppliers. No system is completely secure, so we cannot guarantee the security of data sent over the internet, but we work to prevent and quickly deal with any problem.",
        "Only a few of our staff can look at one student's account, for example to help a student or a parent who wrote to us, and each time they must say why. We record when they looked and why, and you see that record in the download on the Your data page. The record is kept after an account is deleted, and then names no one.",
      ],
    },
    {
      id: "third-party-access",
      heading: "Who we share it with",
      blocks: [
        "We share personal data only with organisations that help us run the Services, such as hosting, video, payment, messaging and analytics providers, and only for that purpose. They must keep it secure and confidential. We may also disclose personal data when the law requires it, or to protect the rights and safety of our users and others.",
        "If personal data is transferred outside Nigeria, we make sure it is protected as the Nigeria Data Protection Act 2023 requires.",
      ],
    },
    {
      id: "violation-of-privacy",
      heading: "If something goes wrong",
      blocks: [
        `If you think your personal data has been misused or exposed, tell our data protection officer at ${site.dataProtectionEmail}. We will investigate and remedy any breach within one calendar month of its report, and notify the Nigeria Data Protection Commission and the people affected where the law requires.`,
        "You also have the right to complain to the Nigeria Data Protection Commission.",
      ],
    },
    {
      id: "childrens-data",
      heading: "Children's data",
      blocks: [
        "You must be at least 13 to use the Services. Users under 18 need the permission of a parent or guardian, who may exercise the rights in this policy on their behalf. If we learn that we hold personal data of a child under 13, we will delete it.",
        "After confirming their email, a student can ask a parent or guardian for permission: we email the parent a link to a page that names the student and sums up this policy. The parent can give permission, and we record their name, how they are related to the student, the time and the versions of our policies; or say the student is not their child or that they do not agree, and we tell the student and delete the account and its data 30 days later, unless a parent or guardian gives permission first.",
      ],
    },
    {
      id: "contact-dpo",
      heading: "Contacting our data protection officer",
      blocks: [
        "For any question or request about your personal data, contact our data protection officer:",
        {
          list: [
            `Email: ${site.dataProtectionEmail}`,
            `Post: Data Protection Officer, ${name}, ${site.address.street}, ${site.address.city}, ${site.address.country}`,
            `Phone: ${displayPhone(site.phone)}`,
          ],
        },
      ],
    },
  ],
};
