export type Stat = { value: string; label: string };

export const stats: readonly Stat[] = [
  { value: "20+", label: "Tutors" },
  { value: "10,000+", label: "Students" },
  { value: "20+", label: "Subjects" },
  { value: "5000+", label: "Materials" },
];
