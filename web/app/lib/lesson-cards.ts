import type { LessonGroup } from "@ysp/content/lessons";
import { interleave } from "./interleave.ts";
import { thumbnailUrl } from "./video.ts";

export type LessonCard = {
  key: string;
  subject: string;
  topic: string;
  title: string;
  url: string;
  thumbnail: string | null;
};

/** One card from each subject in turn, so the first screen shows every subject. */
export function lessonCards(groups: readonly LessonGroup[]): LessonCard[] {
  return interleave(
    groups.map((group) =>
      group.videos.map((video, index) => ({
        key: `${group.subject}-${index}`,
        subject: group.subject,
        topic: group.topic,
        title: video.title,
        url: video.url,
        thumbnail: thumbnailUrl(video.url),
      })),
    ),
  );
}
