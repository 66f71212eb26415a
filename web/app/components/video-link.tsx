import type { ReactNode } from "react";
import { embedUrl } from "~/lib/video.ts";

/**
 * A link to the video on its own site, which home's inline script (scripts/home-page.ts) plays in
 * the page's video dialog instead. On a slow link that file can take seconds to arrive: a tap
 * before then still shows the video, in a new tab as every link to another site does, rather
 * than doing nothing. A Ctrl/middle click still opens the video site.
 */
export function VideoLink({
  url,
  title,
  className,
  children,
}: {
  url: string;
  /** The dialog's name and the player's title. */
  title: string;
  className: string;
  children: ReactNode;
}) {
  const embed = embedUrl(url);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-haspopup={embed ? "dialog" : undefined}
      data-video-embed={embed ?? undefined}
      data-video-title={title}
    >
      {children}
    </a>
  );
}
