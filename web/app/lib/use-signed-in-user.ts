import type { PublicUser } from "@ysp/contract";
import { useEffect, useState } from "react";
import { api } from "./api.ts";
import { browserStores } from "./browser-stores.ts";
import { accessToken, storeWithRefreshToken } from "./session.ts";

/**
 * The student this browser is signed in as, asked of the API only when a
 * session is stored; null otherwise or until the answer arrives.
 */
export function useSignedInUser(): PublicUser | null {
  const [user, setUser] = useState<PublicUser | null>(null);
  useEffect(() => {
    // A lone `user` entry is not enough: asking would fail, and the failed refresh
    // would end the "session" with a toast and a reload while the student types.
    const stores = browserStores();
    if (!accessToken(stores) && !storeWithRefreshToken(stores)) return;
    const controller = new AbortController();
    void api.get("/api/v1/auth/me/", { signal: controller.signal }).then((result) => {
      if (result.ok) setUser(result.data);
    });
    return () => controller.abort();
  }, []);
  return user;
}
