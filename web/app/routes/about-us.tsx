import { about } from "@ysp/content/about";
import { StoreLink } from "~/components/store-link.tsx";
import { pageMeta } from "~/lib/seo.ts";

export function meta() {
  return pageMeta({
    ...about.meta,
    path: "/about-us",
  });
}

export default function AboutUs() {
  return (
    <div className="container page">
      <h1>{about.title}</h1>
      <p className="lead">{about.mission}</p>
      {about.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <ul className="audience-grid">
        {about.audiences.map((item) => (
          <li key={item.title}>
            <h2>{item.title}</h2>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
      <StoreLink className="button button-accent button-large">{about.cta}</StoreLink>
    </div>
  );
}
