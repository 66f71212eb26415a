import { site } from "./site.ts";

/**
 * The words of the staff area's frame, its login and enrolment, and the pages about members and
 * passkeys. The people who read them run YSP's marketing and support: plain words, no jargon
 * beyond "passkey", which their phones and computers already use.
 */
export const staffWords = {
  frame: {
    title: `${site.name} staff`,
    description: `The ${site.name} staff area.`,
    nav: {
      label: "Staff area",
      dashboard: "Dashboard",
      students: "Look up a student",
      audit: "Audit",
      members: "Members",
      passkeys: "My passkeys",
    },
    signedInAs: "Logged in as",
    logout: "Log out",
  },
  login: {
    title: "Staff log in",
    description: `Log in to the ${site.name} staff area with a passkey.`,
    text: "Use the passkey you set up: your fingerprint, face or screen lock.",
    button: "Log in with a passkey",
    noScript: "Logging in with a passkey needs JavaScript. Turn it on for this site and reload.",
    unsupported:
      "This browser cannot use passkeys. Use an up-to-date Chrome, Edge, Firefox or Safari.",
    working: "Waiting for your passkey…",
    cancelled: "No passkey was used. Try again when you are ready.",
    refused: "That passkey does not open the staff area. Use the one you set up for it.",
    failed: "Something went wrong. Check your connection and try again.",
    noAccess: `No passkey yet? Ask an admin to invite you: the email it sends sets one up.`,
  },
  enrol: {
    title: "Set up your passkey",
    description: `Set up a passkey for the ${site.name} staff area.`,
    text: "This makes a passkey for the staff area on this device. Next time, log in with it: no password.",
    button: "Create my passkey",
    working: "Follow your browser's steps…",
    cancelled: "No passkey was made. Try again when you are ready.",
    expired:
      "This link has expired or has been used. Ask an admin for a new invitation, or log in if you already have a passkey.",
    failed: "Something went wrong. Check your connection and try again.",
    loginLink: "Go to staff log in",
  },
  passkeys: {
    title: "My passkeys",
    text: "Each passkey logs you in from the device or password manager that keeps it. Add one for each device you use; remove one you no longer have.",
    add: "Add a passkey on this device",
    added: "Passkey added.",
    device: "Made on",
    unknownDevice: "A browser we could not name",
    created: "Added",
    lastUsed: "Last used",
    never: "Never",
    remove: "Remove",
    removed: "Passkey removed.",
    lastOne: "This is your only passkey: add another before you remove it.",
  },
  members: {
    title: "Members",
    text: "Everyone who can open the staff area. An admin can invite someone and remove a member; removing ends their sessions at once.",
    address: "Email",
    role: "Role",
    since: "Since",
    removedOn: "Removed",
    active: "Active",
    roles: { admin: "Admin", staff: "Staff" },
    remove: "Remove",
    inviteTitle: "Invite someone",
    inviteText:
      "They get an email with a link that sets up their passkey. It works once, for 24 hours.",
    inviteButton: "Send invitation",
    invited: "Invitation sent. It is in the list below until they set up their passkey and after.",
    removedMember: "Member removed, and logged out everywhere.",
    notYourself: "You cannot remove yourself: ask another admin.",
    badAddress: "Enter an email address, like name@example.com.",
  },
  refused: {
    adminsOnly: "Only admins can open this page.",
    loginAgain: "Your staff session has ended. Log in again.",
  },
} as const;
