/** Keys of the session the mobile-web session uses in browser storage (spec §3). */
export const sessionKeys = ["accessToken", "refreshToken", "user"] as const;

export type SessionStores = { session: Storage; local: Storage };

/** The store that holds the refresh token: session storage first, then local storage (spec §9). */
export function storeWithRefreshToken(stores: SessionStores): Storage | null {
  if (stores.session.getItem("refreshToken")) return stores.session;
  if (stores.local.getItem("refreshToken")) return stores.local;
  return null;
}

export function accessToken(stores: SessionStores): string | null {
  return stores.session.getItem("accessToken") ?? stores.local.getItem("accessToken");
}

export function clearSession(stores: SessionStores): void {
  for (const store of [stores.session, stores.local]) {
    for (const key of sessionKeys) store.removeItem(key);
  }
}

export function hasSession(stores: SessionStores): boolean {
  return sessionKeys.some((key) => stores.session.getItem(key) ?? stores.local.getItem(key));
}
