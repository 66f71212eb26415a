/** The words every legal page puts around its document. */
export type LegalPageCopy = {
  /** Before the date of the document's last change. */
  updated: string;
  /** The heading of the table of contents. */
  contents: string;
};

export const legalPage: LegalPageCopy = {
  updated: "Last updated",
  contents: "Contents",
};
