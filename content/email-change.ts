import { emailChangeLifetimes } from "@ysp/contract";
import { mailWords } from "./mail.ts";
import { site } from "./site.ts";

const confirmSubject = mailWords.emailChangeConfirm("", "", "", "").subject;

/**
 * The pages that change the address an account logs in with: the form, and the two pages its
 * messages' links open. The sentences the server also says are in @ysp/contract.
 */
export const emailChangeWords = {
  changeEmail: {
    meta: {
      title: `Change your email | ${site.name}`,
      description: `Change the email address your ${site.name} account logs in with.`,
    },
    title: "Change your email",
    text: `Typed your email wrong, or using a new one? We'll send a link to the new address; your login changes only when you open it, within ${emailChangeLifetimes.confirm.words}.`,
    current: "Email you log in with now",
    password: "Password",
    newEmail: "New email",
    submit: "Send the link",
    forgot: "Forgot your password?",
    reset: "Reset it first",
  },
  confirm: {
    meta: {
      title: `Confirm your new email | ${site.name}`,
      description: `Make a new address the login of your ${site.name} account.`,
    },
    title: "Confirm your new email",
    text: "Tap the button to log in with this address from now on. Every phone logged in to your account will be logged out.",
    withoutLink: `This page makes a new address your login. Open it from the link in our email "${confirmSubject}". No email, or the link has run out?`,
    submit: "Use this email",
    ask: "Get a new link",
  },
  undo: {
    meta: {
      title: `Put your old email back | ${site.name}`,
      description: `Undo a change of the email your ${site.name} account logs in with.`,
    },
    title: "Put your old email back",
    text: "Tap the button if you did not change your email. Your account will log in with this address again, every phone will be logged out, your password will stop working, and we'll send you a link to choose a new one.",
    withoutLink:
      "This page undoes a change of your login email. Open it from the link in the email we sent to your old address when it was changed.",
    submit: "Put my old email back",
    /** After a refusal of this link: nobody can ask for another, so a person answers. */
    stuck: `If someone else changed your email and this link no longer works, write to us at ${site.email} from your old address.`,
  },
} as const;
