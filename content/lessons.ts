/**
 * Sample lessons shown on the home page carousel (spec §2).
 * PLACEHOLDER: the video URLs stand in for the company's real lesson videos.
 */
export type LessonVideo = { title: string; url: string };
export type LessonGroup = { subject: string; topic: string; videos: readonly LessonVideo[] };

/** The carousel's own words, heard rather than seen: its arrows show only ‹ and ›. */
export type LessonCarouselCopy = {
  scrollLeft: string;
  scrollRight: string;
  /** Read after each lesson's title. */
  play: string;
};

export const lessonCarousel: LessonCarouselCopy = {
  scrollLeft: "Scroll lessons left",
  scrollRight: "Scroll lessons right",
  play: ", play video",
};

const video = (title: string, id: string): LessonVideo => ({
  title,
  url: `https://www.youtube.com/watch?v=${id}`,
});

export const lessonGroups: readonly LessonGroup[] = [
  {
    subject: "Government",
    topic: "Mass Media",
    videos: [
      video("What is mass media?", "ysp-gov-mm1"),
      video("Types of mass media", "ysp-gov-mm2"),
      video("Functions of the mass media", "ysp-gov-mm3"),
      video("Mass media and public opinion", "ysp-gov-mm4"),
      video("Limits on press freedom in Nigeria", "ysp-gov-mm5"),
    ],
  },
  {
    subject: "Chemistry",
    topic: "Oxide of Carbon",
    videos: [
      video("Introduction to oxides of carbon", "ysp-chm-oc1"),
      video("Carbon(IV) oxide: preparation", "ysp-chm-oc2"),
      video("Carbon(IV) oxide: properties and uses", "ysp-chm-oc3"),
      video("Carbon(II) oxide: preparation", "ysp-chm-oc4"),
      video("Carbon(II) oxide: properties and dangers", "ysp-chm-oc5"),
      video("Past questions on oxides of carbon", "ysp-chm-oc6"),
    ],
  },
  {
    subject: "Accounting",
    topic: "History of Accounting",
    videos: [
      video("Where accounting began", "ysp-acc-ha1"),
      video("Double entry and Luca Pacioli", "ysp-acc-ha2"),
      video("Accounting in Nigeria", "ysp-acc-ha3"),
      video("Why accounting matters today", "ysp-acc-ha4"),
    ],
  },
];
