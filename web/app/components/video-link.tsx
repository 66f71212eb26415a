import type { MouseEvent, ReactNode } from "react";

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A link to the video on its own site, which the hydrated page plays in its
 * modal instead. On a slow link the page's script can take seconds to arrive:
 * a tap before then still shows the video rather than doing nothing. A
 * Ctrl/middle click still opens the video site, as a link does.
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
