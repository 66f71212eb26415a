import toast, { Toaster as LibraryToaster } from "react-hot-toast";

export { toast };

/** Spec §8: error red, success teal; the library's defaults give 4000/2000 ms and at most 20 toasts. */
export function Toaster() {
  return (
    <LibraryToaster
      position="top-center"
      toastOptions={{
        className: "toast",
        success: { className: "toast toast-success" },
        error: { className: "toast toast-error" },
      }}
    />
  );
}
