import { describe, expect, it } from "vitest";
import { embedUrl, thumbnailUrl, videoId } from "./video.ts";

describe("video ids and thumbnails", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("finds the id in %s", (url, id) => {
    expect(videoId(url)).toBe(id);
  });

  it.each([
    "not a url",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=<script>",
  ])("finds no id in %s", (url) => {
    expect(videoId(url)).toBeNull();
    expect(thumbnailUrl(url)).toBeNull();
    expect(embedUrl(url)).toBeNull();
  });

  it("derives a WebP thumbnail and a privacy-enhanced embed", () => {
    const url = "https://youtu.be/dQw4w9WgXcQ";
    expect(thumbnailUrl(url)).toBe("https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/hqdefault.webp");
    expect(embedUrl(url)).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&modestbranding=1&autoplay=1",
    );
  });
});
