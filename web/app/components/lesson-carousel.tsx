import { useCallback, useEffect, useRef, useState } from "react";
import { lessonCarousel } from "~/content/lessons.ts";
import type { LessonCard } from "~/lib/lesson-cards.ts";
import { embedUrl } from "~/lib/video.ts";
import { Modal, VideoFrame } from "./modal.tsx";
import { VideoLink } from "./video-link.tsx";

/** docs/spec.md §9: each arrow click scrolls this far. */
const carouselStep = 340;

type ButtonRef = React.RefObject<HTMLButtonElement | null>;

function useScrollFlags(
  track: React.RefObject<HTMLUListElement | null>,
  { left, right }: { left: ButtonRef; right: ButtonRef },
) {
  const [flags, setFlags] = useState({ left: false, right: false });
  const update = useCallback(() => {
    const node = track.current;
    if (!node) return;
    const max = node.scrollWidth - node.clientWidth;
    // One pixel of slack: zoomed and high-density screens report fractional offsets.
    const next = { left: node.scrollLeft > 1, right: node.scrollLeft < max - 1 };
    // An arrow removed while it has the keyboard focus would drop it to the page.
    const focused = document.activeElement;
    if (!next.right && focused === right.current) left.current?.focus();
    if (!next.left && focused === left.current) right.current?.focus();
    setFlags(next);
  }, [track, left, right]);

  useEffect(() => {
    const node = track.current;
    if (!node) return;
    update();
    node.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(node);
    return () => {
      node.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [track, update]);
  return flags;
}

/**
 * True once `target` comes within `margin` of `root` (the viewport when null).
 * Thumbnails load only then: the browser's own lazy loading fetches images
 * thousands of pixels ahead on a slow link, bytes a student on prepaid data
 * pays for whether or not they scroll there.
 */
function useNear(
  target: React.RefObject<Element | null>,
  root: React.RefObject<Element | null> | null,
  margin: string,
  enabled = true,
) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = target.current;
    if (!enabled || near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: root?.current ?? null, rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [target, root, margin, enabled, near]);
  return near;
}

function Thumbnail({
  src,
  track,
  trackNear,
}: {
  src: string | null;
  track: React.RefObject<HTMLUListElement | null>;
  trackNear: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const slot = useRef<HTMLSpanElement>(null);
  // One arrow step ahead within the track, once the track itself is near the screen.
  const near = useNear(slot, track, `0px ${carouselStep}px`, trackNear);
  if (!src || failed || !near)
    return <span ref={slot} className="lesson-thumb lesson-thumb-empty" aria-hidden="true" />;
  return (
    <img
      className="lesson-thumb"
      src={src}
      alt=""
      width={480}
      height={360}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * Chrome scrolls a focused element into view only when none of it shows: a card the keyboard
 * reaches at a phone's width stayed 4 to 12% in view. Scrolled by the platform here, whole and
 * clear of the arrows (the track's scroll-padding), smoothly unless motion is reduced (app.css).
 */
function revealFocused(event: React.FocusEvent) {
  event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
}

export function LessonCarousel({ cards }: { cards: readonly LessonCard[] }) {
  const track = useRef<HTMLUListElement>(null);
  const left = useRef<HTMLButtonElement>(null);
  const right = useRef<HTMLButtonElement>(null);
  const flags = useScrollFlags(track, { left, right });
  const trackNear = useNear(track, null, "200px 0px");
  const [selected, setSelected] = useState<LessonCard | null>(null);
  const [shown, setShown] = useState<LessonCard | null>(null);

  function scroll(direction: -1 | 1) {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.current?.scrollBy({
      left: direction * carouselStep,
      behavior: reduce ? "auto" : "smooth",
    });
  }

  const src = shown ? embedUrl(shown.url) : null;
  return (
    <div className="carousel">
      {flags.left && (
        <button
          ref={left}
          type="button"
          className="carousel-arrow carousel-arrow-left"
          onClick={() => scroll(-1)}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{lessonCarousel.scrollLeft}</span>
        </button>
      )}
      <ul ref={track} className="carousel-track" onFocus={revealFocused}>
        {cards.map((card) => (
          <li key={card.key}>
            <VideoLink
              url={card.url}
              className="lesson-card"
              onPlay={() => {
                setSelected(card);
                setShown(card);
              }}
            >
              <Thumbnail src={card.thumbnail} track={track} trackNear={trackNear} />
              <span className="lesson-tags">
                <span className="tag tag-subject">{card.subject}</span>
                <span className="tag tag-topic">{card.topic}</span>
              </span>
              <span className="lesson-title">{card.title}</span>
              <span className="visually-hidden">{lessonCarousel.play}</span>
            </VideoLink>
          </li>
        ))}
      </ul>
      {flags.right && (
        <button
          ref={right}
          type="button"
          className="carousel-arrow carousel-arrow-right"
          onClick={() => scroll(1)}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{lessonCarousel.scrollRight}</span>
        </button>
      )}
      <Modal
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={shown?.title ?? lessonCarousel.untitled}
      >
        {src && shown && <VideoFrame src={src} title={shown.title} />}
      </Modal>
    </div>
  );
}
