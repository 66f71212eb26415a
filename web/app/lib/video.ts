/**
 * Lesson and demo videos are YouTube videos, embedded through the
 * privacy-enhanced host. The Content-Security-Policy is built from these
 * origins at build time, so a change of video host is made here only.
 */
export const embedOrigin = "https://www.youtube-nocookie.com";
export const thumbnailOrigin = "https://i.ytimg.com";

const idPattern = /^[A-Za-z0-9_-]{6,20}$/;

/** The video id in a watch, short, embed or youtu.be URL; null when there is none. */
export function videoId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, "");
  let candidate: string | null = null;
  if (host === "youtu.be") candidate = parsed.pathname.slice(1);
  else if (host === "youtube.com" || host === "m.youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, id] = parsed.pathname.split("/");
    candidate = kind === "watch" ? parsed.searchParams.get("v") : kind && id ? id : null;
  }
  return candidate && idPattern.test(candidate) ? candidate : null;
}

/** A 480×360 WebP still of the video, or null when the URL names no video. */
export function thumbnailUrl(url: string): string | null {
  const id = videoId(url);
  return id ? `${thumbnailOrigin}/vi_webp/${id}/hqdefault.webp` : null;
}

/** The player for the video, started at once: it is only shown after a tap on Play. */
export function embedUrl(url: string): string | null {
  const id = videoId(url);
  return id ? `${embedOrigin}/embed/${id}?rel=0&modestbranding=1&autoplay=1` : null;
}
