import { staffWords } from "@ysp/content/staff";
import { type StaffRole, staffPages } from "@ysp/contract/staff";
import { deviceName } from "../auth/devices.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { momentWords } from "../pages/lagos-time.ts";
import type { StaffMember, StaffMembers } from "./members.ts";

type Passkey = Awaited<ReturnType<StaffMembers["passkeysOf"]>>[number];
type Listed = Awaited<ReturnType<StaffMembers["list"]>>[number];

const passkeyWords = staffWords.passkeys;
const memberWords = staffWords.members;

/** A notice after a form's work: its words, and whether they report a refusal. */
export type Notice = { text: string; refused?: boolean };

export const noticeHtml = (notice: Notice | undefined) =>
  notice
    ? `<p id="staff-notice" class="staff-notice" role="${notice.refused ? "alert" : "status"}">${escapeHtml(notice.text)}</p>`
    : "";

const heading = (title: string, text: string) =>
  `<h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>`;

/** A form of one button that posts one value: removing a passkey or a member. */
const removeForm = (action: string, field: string, value: string, text: string, label: string) =>
  `<form method="post" action="${action}"><input type="hidden" name="${field}" value="${escapeHtml(value)}"><button type="submit" class="button button-outline-danger" aria-label="${escapeHtml(label)}">${escapeHtml(text)}</button></form>`;

/** "My passkeys": each with where it was made and when it was last used, and a way to remove it. */
export function passkeysHtml(passkeys: Passkey[], notice?: Notice): string {
  const rows = passkeys.map((passkey, i) => {
    // Named as a student's sessions are ("Chrome on Windows"), not by the whole User-Agent.
    const device = deviceName(passkey.device) ?? passkeyWords.unknownDevice;
    const removal = removeForm(
      `${staffPages.passkeys}/remove`,
      "id",
      passkey.id,
      passkeyWords.remove,
      `${passkeyWords.remove} ${i + 1}: ${device}`,
    );
    return `<tr><td>${escapeHtml(device)}</td><td>${escapeHtml(momentWords(passkey.createdAt))}</td><td>${escapeHtml(passkey.lastUsedAt ? momentWords(passkey.lastUsedAt) : passkeyWords.never)}</td><td>${removal}</td></tr>`;
  });
  const head = [passkeyWords.device, passkeyWords.created, passkeyWords.lastUsed, ""]
    .map((name) => `<th scope="col">${escapeHtml(name)}</th>`)
    .join("");
  return `${heading(passkeyWords.title, passkeyWords.text)}${noticeHtml(notice)}<div class="staff-scroll"><table><thead><tr>${head}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
}

function memberRow(listed: Listed, me: StaffMember): string {
  const state = listed.removedAt ? momentWords(listed.removedAt) : memberWords.active;
  const removal =
    listed.removedAt || listed.id === me.id
      ? ""
      : removeForm(
          `${staffPages.members}/remove`,
          "member",
          listed.id,
          memberWords.remove,
          `${memberWords.remove} ${listed.email}`,
        );
  return `<tr><td>${escapeHtml(listed.email)}</td><td>${escapeHtml(memberWords.roles[listed.role])}</td><td>${escapeHtml(momentWords(listed.createdAt))}</td><td>${escapeHtml(state)}</td><td>${removal}</td></tr>`;
}

/** What an invitation that was refused had typed, so it comes back as it was. */
export type Invitation = { email: string; role: StaffRole };

const roleOption = (role: StaffRole, chosen: StaffRole) =>
  `<option value="${role}"${role === chosen ? " selected" : ""}>${escapeHtml(memberWords.roles[role])}</option>`;

/** The invitation form: an address and a role; a refused address is marked and described. */
function inviteFormHtml({ email, role }: Invitation, refused: Notice | undefined): string {
  const invalid = refused ? ' aria-invalid="true" aria-describedby="staff-notice"' : "";
  return `<section class="staff-section" aria-labelledby="invite-title"><h2 id="invite-title">${escapeHtml(memberWords.inviteTitle)}</h2><p class="muted">${escapeHtml(memberWords.inviteText)}</p><form method="post" action="${staffPages.members}" class="staff-form"><label for="invite-email">${escapeHtml(memberWords.address)}</label><input id="invite-email" name="email" type="email" required autocomplete="off" maxlength="254" value="${escapeHtml(email)}"${invalid}><label for="invite-role">${escapeHtml(memberWords.role)}</label><select id="invite-role" name="role">${roleOption("staff", role)}${roleOption("admin", role)}</select><button type="submit" class="button button-primary">${escapeHtml(memberWords.inviteButton)}</button></form></section>`;
}

/** Every member, the removed ones with the day they went, and the invitation form. */
export function membersHtml(
  listed: Listed[],
  me: StaffMember,
  notice?: Notice,
  typed: Invitation = { email: "", role: "staff" },
): string {
  const head = [memberWords.address, memberWords.role, memberWords.since, memberWords.removedOn, ""]
    .map((name) => `<th scope="col">${escapeHtml(name)}</th>`)
    .join("");
  const table = `<div class="staff-scroll"><table><thead><tr>${head}</tr></thead><tbody>${listed.map((one) => memberRow(one, me)).join("")}</tbody></table></div>`;
  const refused = typed.email !== "" ? notice : undefined;
  return `${heading(memberWords.title, memberWords.text)}${noticeHtml(notice)}${table}${inviteFormHtml(typed, refused)}`;
}
