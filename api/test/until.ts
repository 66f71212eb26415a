/** Resolves once `condition` holds; throws naming `what` if it has not within `ms`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
