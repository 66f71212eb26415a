import { features } from "@ysp/content/features";
import { home } from "@ysp/content/home";
import { lessonGroups } from "@ysp/content/lessons";
import { site } from "@ysp/content/site";
import { stats } from "@ysp/content/stats";
import { testimonials } from "@ysp/content/testimonials";
import { CheckEmailNotice } from "~/components/check-email-notice.tsx";
import { Icon } from "~/components/icons.tsx";
import { InlineScript } from "~/components/inline-scripts.tsx";
import { LessonCarousel } from "~/components/lesson-carousel.tsx";
import { PageToastRegions } from "~/components/page-toast-regions.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { VideoDialog } from "~/components/video-dialog.tsx";
import { VideoLink } from "~/components/video-link.tsx";
import { lessonCards } from "~/lib/lesson-cards.ts";
import { pageMeta } from "~/lib/seo.ts";
import homePageScriptText from "~/scripts/home-page.ts?inline-script";

export function meta() {
  return pageMeta({
    ...home.meta,
    path: "/",
  });
}

/** In the prerendered HTML only: the page never hydrates, so the browser bundle needs none of it. */
const homePageScript = import.meta.env.SSR ? homePageScriptText : "";

const cards = lessonCards(lessonGroups);

/**
 * Home and /login: no framework (pages.ts). Its HTML is the whole page; after a sign-up, the
 * notice at its top is shown by its own inline script as it is parsed, and the page's script
 * (scripts/home-page.ts) shows the sign-up's toasts, plays the videos in a dialog, moves the
 * carousel and sends the forms.
 */
export default function Home() {
  return (
    <>
      <CheckEmailNotice />
      <Hero />
      <Stats />
      <SampleLessons />
      <Features />
      <Testimonials />
      <Download />
      <VideoDialog />
      <PageToastRegions />
      <InlineScript text={homePageScript} />
    </>
  );
}

/** What YSP is, the store button and the demo video. */
function Hero() {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <div className="hero-text">
          <p className="eyebrow">{home.hero.eyebrow}</p>
          <h1>{home.hero.title}</h1>
          <p className="lead">{home.hero.lead}</p>
          <div className="hero-actions">
            <StoreLink className="button button-accent button-large">{home.hero.cta}</StoreLink>
            <VideoLink
              url={site.demoVideoUrl}
              title={home.demoTitle}
              className="button button-ghost button-large"
            >
              <Icon name="play" />
              {home.hero.demo}
            </VideoLink>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

function Stats() {
  return (
    <section aria-label={home.statsLabel} className="stats">
      <ul className="container stats-list">
        {stats.map((stat) => (
          <li key={stat.label}>
            <strong>{stat.value}</strong> <span>{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SampleLessons() {
  return (
    <section className="section" aria-labelledby="lessons-heading">
      <div className="container">
        <h2 id="lessons-heading">{home.lessons.heading}</h2>
        <p className="section-lead">{home.lessons.lead}</p>
        <LessonCarousel cards={cards} />
      </div>
    </section>
  );
}

function Features() {
  return (
    <section className="section section-tint" aria-labelledby="features-heading">
      <div className="container">
        <h2 id="features-heading">{home.features.heading}</h2>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
              <StoreLink className="button button-primary">{feature.cta}</StoreLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section className="section" aria-labelledby="testimonials-heading">
      <div className="container">
        <h2 id="testimonials-heading">{home.testimonials.heading}</h2>
        <ul className="testimonial-grid">
          {testimonials.map((item) => (
            <li key={item.name}>
              <figure className="testimonial">
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>
                  <strong>{item.name}</strong>, {item.role}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Download() {
  return (
    <section className="section download" aria-labelledby="download-heading">
      <div className="container download-inner">
        <div>
          <h2 id="download-heading">{home.download.heading}</h2>
          <p>{home.download.text}</p>
        </div>
        <StoreLink className="button button-accent button-large">{home.download.cta}</StoreLink>
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 240 300"
      width="240"
      height="300"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="50" y="10" width="140" height="280" rx="22" fill="#0a2f5c" />
      <rect x="60" y="30" width="120" height="240" rx="10" fill="#fff" />
      <rect x="70" y="44" width="100" height="56" rx="6" fill="#ffc233" />
      <path d="M112 60v24l20-12z" fill="#0a2f5c" />
      <rect x="70" y="112" width="80" height="8" rx="4" fill="#0b4f9c" />
      <rect x="70" y="128" width="100" height="6" rx="3" fill="#c9d6e8" />
      <rect x="70" y="140" width="90" height="6" rx="3" fill="#c9d6e8" />
      <rect x="70" y="160" width="100" height="22" rx="6" fill="#e6f4f1" />
      <rect x="70" y="190" width="100" height="22" rx="6" fill="#e6f4f1" />
      <rect x="70" y="220" width="100" height="22" rx="6" fill="#0f9d8a" />
      <circle cx="80" cy="171" r="5" fill="#0f9d8a" />
      <circle cx="80" cy="201" r="5" fill="#c9d6e8" />
    </svg>
  );
}
