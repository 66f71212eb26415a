import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a move to another page in the browser, focus goes to the new page's
 * heading, as it would start from the top after a full page load: a screen
 * reader then reads where the user is, and the keyboard carries on from the
 * new content rather than from a link on the page that was left.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const target =
      document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname]);
}
