import { useAnnouncements } from "~/lib/announcements.ts";
import { useToastLibrary } from "~/lib/toasts.ts";

/**
 * The live region that reads the toasts' messages out (see lib/announcements.ts), on every page
 * that hydrates from its first HTML: a region added with its text is skipped by several screen
 * readers.
 */
export function ToastHost() {
  const announcements = useAnnouncements();
  return (
    <div
      className="visually-hidden"
      aria-live="polite"
      aria-relevant="additions"
      id="announcements"
    >
      {announcements.map((item) => (
        <p key={item.id}>{item.text}</p>
      ))}
    </div>
  );
}

/**
 * Where a page shows its toasts, in its flow, once the first one has asked for the library
 * (see lib/toasts.ts).
 */
export function Toasts() {
  const library = useToastLibrary();
  return library ? <library.Toaster /> : null;
}
