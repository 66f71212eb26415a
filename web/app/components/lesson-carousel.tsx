import { lessonCarousel } from "@ysp/content/lessons";
import type { LessonCard } from "~/lib/lesson-cards.ts";
import { VideoLink } from "./video-link.tsx";

/**
 * The lesson cards in a track that scrolls sideways by touch, trackpad and keyboard with no
 * script. Home's inline script (scripts/home-page.ts) shows each arrow where there is more to
 * scroll that way, and loads each thumbnail once it comes near the screen: until then a card
 * shows an empty slot, as it does when its thumbnail fails.
 */
export function LessonCarousel({ cards }: { cards: readonly LessonCard[] }) {
  return (
    <div className="carousel">
      <button type="button" className="carousel-arrow carousel-arrow-left" hidden>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{lessonCarousel.scrollLeft}</span>
      </button>
      <ul className="carousel-track">
        {cards.map((card) => (
          <li key={card.key}>
            <VideoLink url={card.url} title={card.title} className="lesson-card">
              <span
                className="lesson-thumb lesson-thumb-empty"
                aria-hidden="true"
                data-thumb={card.thumbnail ?? undefined}
              />
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
      <button type="button" className="carousel-arrow carousel-arrow-right" hidden>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">{lessonCarousel.scrollRight}</span>
      </button>
    </div>
  );
}
