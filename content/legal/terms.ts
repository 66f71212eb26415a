import { displayPhone, site } from "../site.ts";
import type { LegalDocument } from "../types.ts";

const name = site.name;

export const terms: LegalDocument = {
  title: "Terms of Service",
  meta: {
    title: `Terms of Service | ${name}`,
    description: `The terms that govern your use of the ${name} website and app.`,
  },
  updated: "2026-11-27",
  intro: [
    `These Terms of Service ("Terms") are an agreement between you and ${name} ("we", "us" or "our"), a company based in Lagos, Nigeria. They apply to our website, the ${name} mobile app and every class, question, quiz, mock exam and other service we offer through them (together, the "Services").`,
    'By creating an account or using the Services, you accept these Terms. If you do not accept them, please do not use the Services. Where these Terms say "you", they also mean the parent or guardian who gives permission for a minor to use the Services.',
  ],
  sections: [
    {
      id: "minimum-age",
      heading: "Minimum age",
      blocks: [
        "You must be at least 13 years old to use the Services. If we learn that an account belongs to someone younger than 13, we will close it and delete the personal data linked to it.",
      ],
    },
    {
      id: "users-under-18",
      heading: "Users under 18",
      blocks: [
        "If you are under 18, you may use the Services only with the permission and under the supervision of a parent or guardian, who must read and accept these Terms before you use the Services. After you confirm your email, you can send them a request by email; they answer on our site, and we keep a record of their answer.",
        "A parent or guardian who gives that permission is responsible for the minor's use of the Services, including any payments made and any breach of these Terms.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Our intellectual property",
      blocks: [
        `Unless we say otherwise, ${name} owns or has a licence to all content in the Services: video classes, practice questions, explanations, quizzes, mock exams, notes, text, graphics, logos, software and the way they are arranged ("Content"). The ${name} name and logo are our trade marks.`,
        "We let you use the Content for your own personal, non-commercial study while your account is active. You may not copy, screen-record, download outside the app, share, sell, rent, publish or adapt any Content, or use it to teach paid classes, without our written permission.",
        `Exam names such as WAEC, NECO, JAMB, IELTS and SAT belong to their owners. Those bodies do not endorse ${name} and we are not connected with them.`,
      ],
    },
    {
      id: "user-representations",
      heading: "What you promise us",
      blocks: [
        "By using the Services you confirm that: the information you give us is true, complete and kept up to date; you are old enough to use the Services, or have your parent's or guardian's permission; you will not access the Services with bots, scripts or other automated means; you will not use the Services for anything unlawful; and you will follow these Terms.",
        "If any of this stops being true, we may suspend or close your account.",
      ],
    },
    {
      id: "registration",
      heading: "Registration and your account",
      blocks: [
        "To use most of the Services you must register and log in. Each account is for one person only. Keep your password private and tell us straight away if you think someone else has used your account, because you are responsible for everything done with it.",
        "We may refuse a registration, or ask you to change a username that is offensive, misleading or belongs to someone else.",
      ],
    },
    {
      id: "prohibited-activities",
      heading: "Things you must not do",
      blocks: [
        "You may use the Services only for learning. In particular, you must not:",
        {
          list: [
            "share your login with others, or sell, rent or transfer your account;",
            "copy, record, download outside the app or redistribute classes, questions or other Content;",
            "use the Services to cheat in any exam, or share questions from live exams;",
            "collect data from the Services with scrapers, bots or similar tools;",
            "try to get around security features, payment checks or limits on access;",
            "upload viruses or anything else designed to damage or interfere with the Services;",
            "harass, bully, threaten or insult other users, tutors or our staff;",
            "post content that is false, obscene, hateful or that breaks the law;",
            "pretend to be another person, or misrepresent your connection with anyone;",
            "copy, decompile or reverse-engineer our software, except where the law allows it;",
            "use the Services to advertise or sell goods or services;",
            "use the Services to build a product that competes with us.",
          ],
        },
      ],
    },
    {
      id: "contributions",
      heading: "Your contributions",
      blocks: [
        'Some parts of the Services may let you post comments, questions, answers, reviews or other material ("Contributions"). Contributions may be seen by other users and the public.',
        "You keep ownership of your Contributions, but you give us a free, worldwide, non-exclusive, transferable licence to host, store, copy, display, adapt, translate and share them, in any media, to run and promote the Services. This licence lasts while your Contributions remain on the Services and for a reasonable time after you remove them.",
        "You are responsible for your Contributions and confirm that you have the right to post them and that they do not break these Terms or anyone else's rights. We may edit, hide or remove any Contribution at any time without notice.",
      ],
    },
    {
      id: "review-guidelines",
      heading: "Reviews",
      blocks: [
        "If you review the Services, or a class or tutor, your review must be based on your own experience. Reviews must not contain offensive language, personal attacks, discrimination, references to illegal activity or false statements, and must not be written for a competitor or in return for payment.",
        "We may accept, refuse or remove reviews at our discretion. Reviews are the opinion of the person who wrote them, not ours.",
      ],
    },
    {
      id: "mobile-app-licence",
      heading: "Mobile app licence",
      blocks: [
        `We give you a personal, revocable, non-exclusive, non-transferable licence to install and use the ${name} app on phones and tablets you own or control, only as these Terms allow. You may not modify, decompile or redistribute the app, or remove any notice in it.`,
        "If you download the app from the Apple App Store or Google Play, that store's terms also apply. The store is not a party to these Terms and has no duty to support or maintain the app; questions and claims about the app should come to us.",
      ],
    },
    {
      id: "social-media",
      heading: "Social media",
      blocks: [
        `${name} has pages on X, Facebook, LinkedIn and YouTube. What you post there is governed by that platform's own terms and privacy rules, and we are not responsible for how the platform uses it.`,
        "Posts on our social media pages are for general information and encouragement. They are not personal academic advice.",
      ],
    },
    {
      id: "third-party-accounts",
      heading: "Third-party accounts and social network content",
      blocks: [
        "You may be able to link your account to an account with another service, such as Google or Facebook, for example to log in more easily. If you do, you allow us to receive the information that service shares with us under your settings there. You may disconnect a linked account at any time in your account settings or in the other service's settings.",
        "If you allow it, the app may read the contacts on your device. We use them only to tell you which of your contacts are also registered with us, and for nothing else.",
        "We do not check content from other services for accuracy or suitability and are not responsible for it.",
      ],
    },
    {
      id: "submissions",
      heading: "Suggestions and feedback",
      blocks: [
        `Any questions, comments, ideas or suggestions you send us about the Services ("Submissions") become the property of ${name}. We may use them for any purpose, without paying you or naming you. Please do not send us anything you want to keep confidential or that you do not have the right to share.`,
      ],
    },
    {
      id: "third-party-websites",
      heading: "Other websites and content",
      blocks: [
        "The Services may link to or embed websites, videos, apps and other content that belong to other people. We do not control or check that content and are not responsible for it. Using it is at your own risk and under its owner's terms.",
        "Anything you buy from another business through a link in the Services is between you and that business.",
      ],
    },
    {
      id: "advertisers",
      heading: "Advertisers",
      blocks: [
        "We may show advertisements or sponsored content from other companies in the Services. We only provide the space; the advertiser is responsible for its advertisement and for anything it sells you.",
      ],
    },
    {
      id: "site-management",
      heading: "How we manage the Services",
      blocks: [
        "We may, but do not have to: monitor the Services for breaches of these Terms; take appropriate action, including reporting to the police, against anyone who breaks the law or these Terms; restrict access to or remove any content or account; and manage the Services in whatever way protects our rights and keeps them working well.",
      ],
    },
    {
      id: "privacy",
      heading: "Privacy",
      blocks: [
        "We take the privacy of our users seriously, especially that of young people. Our Privacy Policy, at /privacy-policy, explains what personal data we collect and how we use it, and forms part of these Terms. We handle personal data in line with the Nigeria Data Protection Act 2023.",
      ],
    },
    {
      id: "copyright-notification",
      heading: "Copyright complaints",
      blocks: [
        `If you believe something in the Services infringes a copyright you own or manage, write to us at ${site.email}. Please identify the work, say where it appears in the Services, give your contact details, and confirm that your complaint is accurate and made in good faith.`,
        "We will review every complaint, may remove the material, and will tell the person who posted it. A person who knowingly makes a false complaint may be liable for the harm it causes.",
      ],
    },
    {
      id: "term-and-termination",
      heading: "Term and termination",
      blocks: [
        "These Terms apply for as long as you use the Services. You may stop using the Services and close your account at any time.",
        "We may suspend or close your account, or block your access, without notice if you break these Terms or the law. If we close your account for that reason, you may not open a new one under your name, a false name or someone else's name. We may also take legal action where appropriate.",
      ],
    },
    {
      id: "modifications-and-interruptions",
      heading: "Changes and interruptions",
      blocks: [
        "We may change, add or remove classes, features and prices at any time. We will give reasonable notice of changes that affect a plan you have already paid for.",
        "We work to keep the Services available, but we cannot promise they will always be. They may be interrupted by maintenance, network problems or events outside our control, and we are not liable for any loss caused by such interruptions.",
      ],
    },
    {
      id: "governing-law",
      heading: "Governing law",
      blocks: [
        "These Terms are governed by the laws of the Federal Republic of Nigeria. Nothing in them takes away rights you have under Nigerian consumer protection law.",
      ],
    },
    {
      id: "dispute-resolution",
      heading: "Resolving disputes",
      blocks: [
        "If you have a dispute with us about the Services or these Terms, tell us about it in writing first. Both sides will then try to settle it by informal negotiation for 10 business days from that notice.",
        "If the dispute is not settled in that time, it will be finally resolved by binding arbitration under the Arbitration and Mediation Act 2023. There will be three arbitrators: each side appoints one, and those two appoint the third, all within 5 business days. The arbitrators will resolve the dispute within 20 business days of being appointed.",
        "The seat of arbitration is Lagos, Nigeria, and the arbitration will be in English. The award is final and may be enforced by any court with jurisdiction. Either side may still ask a court for urgent relief to protect its intellectual property.",
      ],
    },
    {
      id: "corrections",
      heading: "Corrections",
      blocks: [
        "Despite our care, the Services may contain mistakes, including in lessons, answers, explanations, prices or descriptions. We may correct them and update the Services at any time without notice. If you spot a mistake, please tell us.",
      ],
    },
    {
      id: "disclaimer",
      heading: "Disclaimer",
      blocks: [
        'The Services are provided "as is" and "as available". As far as the law allows, we give no promises about them beyond those in these Terms.',
        "Our classes and practice materials are designed to help you prepare, but results depend on many things we do not control. We do not guarantee any grade, score or admission.",
      ],
    },
    {
      id: "limitation-of-liability",
      heading: "Limits on our liability",
      blocks: [
        "As far as the law allows, we are not liable for any indirect or consequential loss, or for loss of data, opportunity or profit, arising from your use of the Services.",
        "Our total liability to you for any claim is limited to the amount you paid us in the six months before the claim arose. Nothing in these Terms limits liability that cannot be limited under Nigerian law.",
      ],
    },
    {
      id: "indemnification",
      heading: "Indemnity",
      blocks: [
        `You agree to compensate ${name} and its staff and tutors for any loss, claim or cost, including reasonable legal fees, caused by your Contributions, your breach of these Terms or of the law, or your harm to another user. We will tell you about any such claim and you will help us respond to it.`,
      ],
    },
    {
      id: "user-data",
      heading: "Your data in the Services",
      blocks: [
        "We keep some of the data you send to the Services, such as your progress and scores, to run the Services and improve them. We back data up regularly, but you are responsible for data you send or create, and we are not liable for its loss or corruption except where caused by our negligence.",
      ],
    },
    {
      id: "electronic-communications",
      heading: "Electronic communications",
      blocks: [
        "When you use the Services, send us messages or receive our emails, you agree to communicate with us electronically. Agreements, notices and other messages we send electronically meet any legal requirement that they be in writing, and you agree to the use of electronic signatures and records.",
      ],
    },
    {
      id: "miscellaneous",
      heading: "General",
      blocks: [
        "These Terms and our Privacy Policy are the whole agreement between you and us about the Services. If we do not enforce a right, we have not given it up. If a court finds part of these Terms unenforceable, the rest still applies.",
        "We may transfer our rights and duties under these Terms to another organisation. You may not transfer yours without our written consent. Nothing in these Terms creates a partnership, employment or agency between you and us.",
      ],
    },
    {
      id: "contact-us",
      heading: "Contact us",
      blocks: [
        "If you have a question or complaint about the Services or these Terms, please contact us:",
        {
          list: [
            name,
            `${site.address.street}, ${site.address.city}, ${site.address.country}`,
            `Phone: ${displayPhone(site.phone)}`,
            `Email: ${site.email}`,
          ],
        },
      ],
    },
  ],
};
