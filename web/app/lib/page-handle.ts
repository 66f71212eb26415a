/**
 * A route's `handle`. Pages that need no interactivity set `hydrate: false`:
 * they are rendered by React at build time and ship no framework JavaScript;
 * their interactive bits use the platform (details, dialog commands, forms).
 */
export type PageHandle = { hydrate?: boolean };

export const staticPage = { hydrate: false } satisfies PageHandle;

export function needsHydration(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}
