import { useEffect, useRef } from "react";
import { useMatches } from "react-router";

/**
 * After a move to another page in the browser, focus goes to the new page's
 * heading, as it would start from the top after a full page load: a screen
 * reader then reads where the user is, and the keyboard carries on from the
 * new content rather than from a link on the page that was left. A page that
 * only changes its own address (the sign-up page dropping its invite code) is
 * no move: focus stays where the student is.
 */
export function useFocusOnNavigation(): void {
  const page = useMatches().at(-1)?.id;
  const shownPage = useRef(page);

  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    const target =
      document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [page]);
}
