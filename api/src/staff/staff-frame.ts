import { staffWords } from "@ysp/content/staff";
import { staffSlots } from "@ysp/contract/staff";
import { escapeHtml } from "../pages/escape-html.ts";
import { type Edit, fill, hide, show, title, withEdits } from "../pages/page-slots.ts";
import { MissingBuildError, type PageFile, pageWithHtml } from "../pages/static-site.ts";
import type { StaffMember } from "./members.ts";

/** One staff page: its title, its content's HTML (escaped by whoever wrote it), and its parts. */
export type StaffPage = {
  title: string;
  /** The content, every value in it escaped. */
  html: string;
  /** "My passkeys" shows the frame's button that adds one. */
  addPasskey?: boolean;
};

/**
 * Writes staff pages into the built frame (web/app/routes/staff-frame.tsx): the page's title, the
 * member's address, the content, and the admins' links hidden from staff. Checked once at start-up
 * with a sample page: a build without the frame's places stops the server there.
 */
export function staffFrameOf(frame: PageFile) {
  const built = frame.identity.body.toString("utf8");
  const write = (member: StaffMember, page: StaffPage): string => {
    const edits: Edit[] = [
      title(`${page.title} · ${staffWords.frame.title}`),
      fill(staffSlots.member, escapeHtml(member.email)),
      fill(staffSlots.content, page.html),
      ...(member.role === "admin" ? [] : [hide(staffSlots.adminLinks)]),
      ...(page.addPasskey ? [show(staffSlots.addPasskey)] : []),
    ];
    return withEdits(built, edits);
  };
  try {
    write({ id: "", email: "", role: "staff" }, { title: "", html: "", addPasskey: true });
  } catch (error) {
    throw new MissingBuildError(
      "The built staff frame has no place for a staff page: run `npm run build` again.",
      { cause: error },
    );
  }
  return (member: StaffMember, page: StaffPage): PageFile =>
    pageWithHtml(frame, write(member, page));
}

export type StaffFrame = ReturnType<typeof staffFrameOf>;
