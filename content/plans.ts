import { site } from "./site.ts";

export type Plan = { name: string; price: number; period: string };

export const plans: readonly Plan[] = [
  { name: "Monthly", price: 5000, period: "per month" },
  { name: "Quarterly", price: 12000, period: "per quarter (3 months)" },
  { name: "Yearly", price: 35000, period: "per year" },
];

export const formatNaira = (amount: number) => `₦${amount.toLocaleString(site.language)}`;

export const examsCovered = ["WAEC", "NECO", "JAMB UTME", "IELTS", "SAT"] as const;
export const examsPlanned = ["Cambridge A-Levels", "TOEFL", "GRE", "GMAT"] as const;
