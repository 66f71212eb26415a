import type { MouseEvent, ReactNode } from "react";

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A link to the video on its own site, which the hydrated page plays in its
 * modal instead. On a slow link the page's script can take seconds to arrive:
 * a tap before then still shows the video, in a new tab as every link to
 * another site does, rather than doing nothing. A Ctrl/middle click still
 * opens the video site.
 */
export function VideoLink({
  url,
  onPlay,
  className,
  children,
}: {
  url: string;
  onPlay: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        onPlay();
      }}
    >
      {children}
    </a>
  );
}
