import type { Student } from "./students.ts";

/** What filling the form needs of a page: Playwright's, from @playwright/test or playwright-core. */
type FormPage = {
  getByLabel(text: string, options?: { exact?: boolean }): { fill(value: string): Promise<void> };
};

/** Types the student into the sign-up form (the invite code comes from the address). */
export async function fillSignupForm(page: FormPage, student: Student) {
  await page.getByLabel("First name").fill(student.first_name);
  await page.getByLabel("Last name").fill(student.last_name);
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  return student;
}
