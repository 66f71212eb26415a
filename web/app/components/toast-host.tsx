import { useAnnouncements } from "~/lib/announcements.ts";
import { useToastLibrary } from "~/lib/toasts.ts";

/**
 * Shows toasts once the first one has asked for the library (see lib/toasts.ts),
 * and carries the live region that reads their messages out (see lib/announcements.ts).
 */
export function ToastHost() {
  const library = useToastLibrary();
  const announcements = useAnnouncements();
  return (
    <>
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
      {library ? <library.Toaster /> : null}
    </>
  );
}
