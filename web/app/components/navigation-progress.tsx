import { common } from "@ysp/content/common";
import { useNavigation } from "react-router";

/**
 * A thin moving bar at the top while the next page's code is on its way: on a
 * slow line that can take seconds, and a tap with no visible answer gets tapped
 * again. It shows only after a moment (CSS), so a quick move does not flash it.
 */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state === "idle") return null;
  return <div className="navigation-progress" role="progressbar" aria-label={common.pageLoading} />;
}
