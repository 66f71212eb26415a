import { common } from "@ysp/content/common";
import { videoDialogIds } from "~/lib/home-page-parts.ts";
import { Icon } from "./icons.tsx";

/**
 * The one dialog every VideoLink on the page plays in. Closed, it shows nothing and holds no
 * player: the script names it after the video and makes the player when it opens, and removes
 * the player when it closes, so a player (and its downloads) exists only while someone watches.
 */
export function VideoDialog() {
  return (
    <dialog id={videoDialogIds.dialog} className="modal" aria-labelledby={videoDialogIds.title}>
      <div className="modal-panel">
        <div className="modal-top">
          {/* biome-ignore lint/a11y/useHeadingContent: named by the script as the dialog opens, before anyone can see or reach it */}
          <h2 className="modal-title" id={videoDialogIds.title} />
          <button type="button" className="icon-button" data-close>
            <Icon name="close" />
            <span className="visually-hidden">{common.close}</span>
          </button>
        </div>
        <div className="video-frame" />
      </div>
    </dialog>
  );
}
