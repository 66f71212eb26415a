import { useToastLibrary } from "~/lib/toasts.ts";

/** Shows toasts once the first one has asked for the library (see lib/toasts.ts). */
export function ToastHost() {
  const library = useToastLibrary();
  return library ? <library.Toaster /> : null;
}
