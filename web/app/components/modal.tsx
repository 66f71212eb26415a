import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { common } from "~/content/common.ts";
import { Icon } from "./icons.tsx";

/** docs/spec.md §4: the open animation starts 50 ms after mounting; removal waits 300 ms for the close animation. */
const modalTimings = { openDelayMs: 50, closeDelayMs: 300 } as const;

type Phase = "closed" | "opening" | "open" | "closing";

/**
 * Mounts its children only while open, so an embedded player (and its
 * downloads) exists only while someone is watching.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [phase, setPhase] = useState<Phase>("closed");

  useEffect(() => {
    if (open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPhase("opening");
    } else {
      setPhase((current) => (current === "closed" ? current : "closing"));
    }
  }, [open]);

  // Layout effect: the dialog is shown modal in the same frame it enters the page.
  // The timers start from there, so the delays are measured from that moment.
  useLayoutEffect(() => {
    const node = dialog.current;
    if (phase === "opening") {
      if (node && !node.open) node.showModal();
      const timer = window.setTimeout(() => setPhase("open"), modalTimings.openDelayMs);
      return () => window.clearTimeout(timer);
    }
    if (phase === "closing") {
      const timer = window.setTimeout(() => {
        node?.close();
        setPhase("closed");
        opener.current?.focus();
        opener.current = null;
      }, modalTimings.closeDelayMs);
      return () => window.clearTimeout(timer);
    }
  }, [phase]);

  if (phase === "closed") return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop has no keyboard twin; Esc closes natively
    <dialog
      ref={dialog}
      className="modal"
      data-visible={phase === "open" ? "" : undefined}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-panel">
        <div className="modal-top">
          <h2 className="modal-title">{title}</h2>
          <button type="button" className="icon-button" onClick={onClose}>
            <Icon name="close" />
            <span className="visually-hidden">{common.close}</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

export function VideoFrame({ src, title }: { src: string; title: string }) {
  return (
    <div className="video-frame">
      <iframe
        src={src}
        title={title}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
