/**
 * The ids of home's parts that its scripts fill and wire (components/greet-new-student.tsx,
 * scripts/home-page.ts), written once for the markup and the scripts. Plain data: the script
 * file imports it without the components and their JSX.
 */
export const videoDialogIds = {
  dialog: "video-dialog",
  title: "video-dialog-title",
} as const;

export const checkEmailNoticeIds = {
  notice: "check-email",
  heading: "check-email-heading",
  sentTo: "check-email-sent-to",
} as const;
