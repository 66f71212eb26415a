/**
 * The staff area (decision 041): its addresses, the lifetimes of what lets a member in, and the
 * roles. The server and the pages both read them here.
 */
export const staffPages = {
  home: "/staff",
  login: "/staff/login",
  /** Where an enrolment link leads: the member registers a passkey there. */
  enrol: "/staff/enrol",
  logout: "/staff/logout",
  passkeys: "/staff/passkeys",
  members: "/staff/members",
  students: "/staff/students",
  audit: "/staff/audit",
  /** Each dashboard table's CSV file: `/staff/tables/<name>.csv`. */
  tables: "/staff/tables",
} as const;

/**
 * The frame the server writes every staff page after login into: built at this address
 * (web/app/pages.ts), opened by nobody.
 */
export const staffFramePath = "/__staff";

/** The JSON a passkey ceremony's script posts to: options first, then the authenticator's answer. */
export const staffCeremonies = {
  loginOptions: "/staff/login/options",
  login: "/staff/login/verify",
  enrolOptions: "/staff/enrol/options",
  enrol: "/staff/enrol/verify",
  /** A member logged in adds another passkey. */
  addOptions: "/staff/passkeys/options",
  add: "/staff/passkeys/verify",
} as const;

export const staffRoles = ["admin", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffLifetimes = {
  /** An enrolment link: a day, once. */
  enrol: { seconds: 24 * 3600, words: "24 hours" },
  /** From the options a ceremony starts with to the authenticator's answer. */
  challenge: { seconds: 5 * 60 },
  /** A session ends after this long without a request… */
  idle: { seconds: 30 * 60 },
  /** …and this long after the login, whatever happens. */
  session: { seconds: 12 * 3600 },
} as const;

/**
 * The places in the built staff pages the server writes into, and the parts the passkey script
 * finds: each id once, here.
 */
export const staffSlots = {
  /** The frame's main part: the dashboard, a list, a form. */
  content: "staff-content",
  /** The address of the member logged in, in the frame's header. */
  member: "staff-member",
  /** The frame's links only admins may follow, hidden for staff. */
  adminLinks: "staff-admin-links",
  /** The frame's button that adds a passkey, shown on "My passkeys" only. */
  addPasskey: "staff-add-passkey",
  /** /staff/enrol's form, hidden when its link cannot be used, and the words then shown. */
  enrolForm: "staff-enrol-form",
  enrolExpired: "staff-enrol-expired",
} as const;

/** The button that starts a ceremony says which in this attribute; its words go to the status. */
export const passkeyScriptParts = {
  ceremonyAttribute: "data-passkey",
  statusId: "passkey-status",
} as const;

export type PasskeyCeremony = "login" | "enrol" | "add";

/** What the verifying posts answer when they take the passkey: where the browser goes next. */
export type PasskeyAnswer = { next: string };
