import { notFoundPage } from "@ysp/content/error-pages";
import { Link } from "react-router";
import { ChatButton } from "~/components/chat-button.tsx";
import { pageMeta } from "~/lib/seo.ts";

export function meta() {
  return pageMeta({
    ...notFoundPage.meta,
    path: "/404",
    noindex: true,
  });
}

export default function NotFound() {
  return (
    <>
      <main id="main" className="not-found">
        <svg
          viewBox="0 0 200 140"
          width="200"
          height="140"
          role="img"
          aria-label={notFoundPage.imageLabel}
        >
          <rect x="96" y="30" width="8" height="105" rx="3" fill="#0a2f5c" />
          <path d="M40 30h90l16 14-16 14H40z" fill="#ffc233" />
          <path d="M160 66H70l-16 14 16 14h90z" fill="#0b4f9c" />
          <text x="82" y="49" fontSize="16" fontWeight="700" fill="#0a2f5c" textAnchor="middle">
            ?
          </text>
          <text x="118" y="86" fontSize="16" fontWeight="700" fill="#fff" textAnchor="middle">
            404
          </text>
          <ellipse cx="100" cy="136" rx="50" ry="4" fill="#c9d6e8" />
        </svg>
        <h1>{notFoundPage.title}</h1>
        <p>{notFoundPage.text}</p>
        <Link className="button button-primary button-large" to="/">
          {notFoundPage.homeLink}
        </Link>
      </main>
      <ChatButton />
    </>
  );
}
