import { type FormEvent, useEffect, useRef, useState } from "react";
import { href, useNavigate } from "react-router";

/**
 * The invite code of an invite link (/join/<code>). The server writes it into the page it sends
 * for that address (api/src/routes/join-page.ts), so the first render already matches it. It
 * cannot be edited, so an unknown one needs a way on without it: the server says so in the page
 * it sends (the note arrives shown), or in its answer to Continue.
 */
export function useInviteCode(linkCode: string | undefined) {
  const [rejected, setRejected] = useState<string | null>(null);
  const note = useRef<HTMLParagraphElement>(null);
  const withoutButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (note.current && !note.current.hidden) setRejected(linkCode ?? null);
  }, [linkCode]);
  return {
    /** The code the field shows and the form's check reads: empty on /join. */
    code: linkCode ?? "",
    refused: linkCode !== undefined && rejected === linkCode,
    /** The note "not a code we know", shown by the server or once the code is refused. */
    note,
    /** "Continue without an invite code", shown with the note. */
    withoutButton,
    /** The form's check or the server refused the code: the note and the way on show. */
    refuse: () => setRejected(linkCode ?? null),
    /**
     * The code a submit sends. "Continue without an invite code" leaves it behind for good: the
     * address loses it, and the fields, uncontrolled on the same page, keep what was typed.
     */
    codeToSend(event: FormEvent<HTMLFormElement>): string {
      if ((event.nativeEvent as SubmitEvent).submitter !== withoutButton.current)
        return linkCode ?? "";
      navigate(href("/join/:id?"), { replace: true, preventScrollReset: true });
      return "";
    },
  };
}

export type InviteCode = ReturnType<typeof useInviteCode>;
