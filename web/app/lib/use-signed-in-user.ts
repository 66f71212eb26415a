import type { PublicUser } from "@ysp/contract";
import { useEffect, useState } from "react";
import { api } from "./api.ts";

/**
 * The student this browser is signed in as, asked of the API only when a
 * session is stored; null otherwise or until the answer arrives.
 */
export function useSignedInUser(): PublicUser | null {
  const [user, setUser] = useState<PublicUser | null>(null);
  useEffect(() => {
    const stored = ["accessToken", "refreshToken"].some(
      (key) => sessionStorage.getItem(key) ?? localStorage.getItem(key),
    );
    if (!stored) return;
    const controller = new AbortController();
    void api.get<PublicUser>("/api/v1/auth/me/", { signal: controller.signal }).then((result) => {
      if (result.ok) setUser(result.data);
    });
    return () => controller.abort();
  }, []);
  return user;
}
