/*
 * The script of home and /login, which ship no framework (pages.ts): the page's HTML is whole
 * without it, and its links, forms and menu work before it runs. Carried inline by the page
 * (routes/home.tsx), not as a file: on the slow line a file is one more 400 ms round trip
 * before the load event (/ 1.51 s with the file, /faqs 1.14 s with none, 27 Nov), while its
 * 3.3 KB with brotli take 70 ms of the same line. It runs once the document is parsed, as a
 * deferred file would.
 */
import { maskEmail, normalizeEmail } from "@ysp/contract/email";
import { isApiErrorBody } from "@ysp/contract/errors";
import { apiBaseUrl } from "~/lib/api-base.ts";
import { postWithoutSession } from "~/lib/api-client.ts";
import { dismissCheckEmailNote, noteCheckEmail } from "~/lib/check-email-note.ts";
import { checkEmailNoticeIds, videoDialogIds } from "~/lib/home-page-parts.ts";
import { showPageToast, toastTimings } from "~/lib/page-toasts.ts";
import { signedUpToasts, takeSignedUpNote } from "~/lib/signed-up-note.ts";

/** docs/spec.md §9: each arrow click scrolls this far. */
const carouselStep = 340;
/** docs/spec.md §4: the open animation starts 50 ms after the dialog shows; removal waits 300 ms for the close animation. */
const modalTimings = { openDelayMs: 50, closeDelayMs: 300 } as const;

const smoothUnlessReduced = (): ScrollBehavior =>
  window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** A tap on a video link plays it in the page's dialog (video-dialog.tsx), the player made on open and removed on close. */
function playVideosInDialog(dialog: HTMLDialogElement, title: HTMLElement, frame: Element) {
  let opener: HTMLElement | null = null;
  let timer = 0;
  let closing = false;

  function open(link: HTMLElement) {
    if (dialog.open) return;
    opener = link;
    const name = link.dataset.videoTitle ?? "";
    title.textContent = name;
    const player = document.createElement("iframe");
    player.src = link.dataset.videoEmbed ?? "";
    player.title = name;
    player.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
    player.allowFullscreen = true;
    player.referrerPolicy = "strict-origin-when-cross-origin";
    frame.replaceChildren(player);
    dialog.showModal();
    timer = window.setTimeout(
      () => dialog.setAttribute("data-visible", ""),
      modalTimings.openDelayMs,
    );
  }

  function close() {
    if (!dialog.open || closing) return;
    closing = true;
    window.clearTimeout(timer);
    dialog.removeAttribute("data-visible");
    timer = window.setTimeout(() => {
      dialog.close();
      frame.replaceChildren();
      closing = false;
      opener?.focus();
      opener = null;
    }, modalTimings.closeDelayMs);
  }

  // Esc starts the close animation instead of closing at once.
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    close();
  });
  // A click on the dialog itself is a click on its backdrop: the panel fills the dialog.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) close();
  });
  dialog.querySelector("[data-close]")?.addEventListener("click", close);
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLElement>("a[data-video-embed]");
    if (!link || opensElsewhere(event)) return;
    event.preventDefault();
    open(link);
  });
}

/** Shows each arrow only where there is more to scroll that way; an arrow that goes hands its focus to the other. */
function scrollCarousel(carousel: Element) {
  const track = carousel.querySelector<HTMLElement>(".carousel-track");
  const left = carousel.querySelector<HTMLButtonElement>(".carousel-arrow-left");
  const right = carousel.querySelector<HTMLButtonElement>(".carousel-arrow-right");
  if (!track || !left || !right) return;
  const update = () => {
    const max = track.scrollWidth - track.clientWidth;
    // One pixel of slack: zoomed and high-density screens report fractional offsets.
    const more = { left: track.scrollLeft > 1, right: track.scrollLeft < max - 1 };
    if (more.left) left.hidden = false;
    if (more.right) right.hidden = false;
    // An arrow hidden while it has the keyboard focus would drop it to the page.
    if (!more.right && document.activeElement === right) left.focus();
    if (!more.left && document.activeElement === left) right.focus();
    left.hidden = !more.left;
    right.hidden = !more.right;
  };
  left.addEventListener("click", () =>
    track.scrollBy({ left: -carouselStep, behavior: smoothUnlessReduced() }),
  );
  right.addEventListener("click", () =>
    track.scrollBy({ left: carouselStep, behavior: smoothUnlessReduced() }),
  );
  track.addEventListener("scroll", update, { passive: true });
  // Observing reports the track once, after the page's first layout: the arrows are set then.
  // Read here, its width would force that layout of the whole page inside this script's task,
  // which a slow phone counts as blocking time.
  new ResizeObserver(update).observe(track);
  // Chrome scrolls a focused element into view only when none of it shows: a card the keyboard
  // reaches at a phone's width stayed 4 to 12% in view. Scrolled whole and clear of the arrows
  // here (the track's scroll-padding), and at once: smoothly, a card reached from the far end
  // of the track (Tab from "How it works" after the arrows had scrolled it) sat off the screen,
  // 1057 px to the left, until the scroll ended, and the next Tab could leave it never seen.
  track.addEventListener("focusin", (event) =>
    (event.target as Element).scrollIntoView({
      block: "nearest",
      inline: "nearest",
      behavior: "instant",
    }),
  );
  loadThumbnailsNearScreen(track);
}

/**
 * Thumbnails load only once the track is within 200 px of the screen, and then those one arrow
 * step ahead within it: the browser's own lazy loading fetches images thousands of pixels ahead
 * on a slow link, bytes a student on prepaid data pays for whether or not they scroll there.
 * One that fails leaves its empty slot.
 */
function loadThumbnailsNearScreen(track: HTMLElement) {
  const show = (slot: HTMLElement) => {
    const image = document.createElement("img");
    image.className = "lesson-thumb";
    image.alt = "";
    image.width = 480;
    image.height = 360;
    image.decoding = "async";
    image.addEventListener("error", () => image.replaceWith(slot));
    image.src = slot.dataset.thumb ?? "";
    slot.replaceWith(image);
  };
  const nearTrack = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      nearTrack.disconnect();
      const nearSlot = new IntersectionObserver(
        (slots) => {
          for (const { isIntersecting, target } of slots) {
            if (!isIntersecting) continue;
            nearSlot.unobserve(target);
            show(target as HTMLElement);
          }
        },
        { root: track, rootMargin: `0px ${carouselStep}px` },
      );
      for (const slot of track.querySelectorAll("[data-thumb]")) nearSlot.observe(slot);
    },
    { rootMargin: "200px 0px" },
  );
  nearTrack.observe(track);
}

/**
 * The sign-up's toasts (docs/spec.md §8), once, from the note /join left; the focus goes to the
 * page's heading, as it went after the move React made before home stopped shipping a framework.
 */
function greetNewStudent() {
  const message = takeSignedUpNote();
  const followUp = document.getElementById("page-toasts")?.dataset.followUp;
  if (!message || !followUp) return;
  for (const text of signedUpToasts(message, followUp))
    showPageToast("success", text, toastTimings);
  focusHeading();
}

function focusHeading() {
  const heading = document.querySelector<HTMLElement>("main h1");
  heading?.setAttribute("tabindex", "-1");
  heading?.focus({ preventScroll: true });
}

/** A field's message under it (an empty one: none), read with the field, as the pages show it. */
function showFieldError(input: HTMLInputElement, message = "") {
  const line = document.getElementById(`${input.id}-error`) as HTMLElement;
  line.textContent = message;
  line.hidden = !message;
  input.setAttribute("aria-invalid", String(!!message));
  if (message) input.setAttribute("aria-describedby", line.id);
  else input.removeAttribute("aria-describedby");
}

/**
 * The notice after a sign-up (check-email-notice.tsx). "Didn't get it?" asks for a new link;
 * "Wrong address? Change it" puts the address right, each refusal under its field as the page
 * without a script shows it, and on success the notice names the new address, here and on the
 * next visit. Both answer in the notice's status line, one at a time. Its close button and Esc
 * end it for this tab; the focus, if it was in it, goes to the page's heading.
 */
function wireCheckEmailNotice() {
  const notice = document.getElementById(checkEmailNoticeIds.notice);
  if (!notice) return;
  // Its parts, as check-email-notice.tsx writes them.
  const [resend, correct] = notice.querySelectorAll("form") as unknown as [
    HTMLFormElement,
    HTMLFormElement,
  ];
  const answer = notice.querySelector("[role=status]") as HTMLElement;
  const sentTo = document.getElementById(checkEmailNoticeIds.sentTo) as HTMLElement;
  const address = resend.querySelector("input") as HTMLInputElement;
  let pending = false;
  /** Sends `form` by `send` instead of posting it, one at a time, saying `waiting` meanwhile. */
  const sending = (form: HTMLFormElement, waiting = "", send: () => Promise<string>) =>
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (pending) return;
      pending = true;
      // Not disabled: a disabled button would drop the keyboard focus.
      const button = form.querySelector("[type=submit]") as HTMLElement;
      button.setAttribute("aria-disabled", "true");
      answer.textContent = waiting;
      answer.textContent = await send();
      pending = false;
      button.removeAttribute("aria-disabled");
    });

  // The same answer for any address (the API's), so it tells nobody whether one has an account.
  sending(resend, answer.dataset.resending, async () => {
    const result = await postWithoutSession(apiBaseUrl, "/api/v1/auth/verify-email/resend/", {
      email: address.value,
    });
    return result.ok ? result.data.message : result.message;
  });

  // The server's own messages, under the fields they name: it checks what a page would.
  correct.noValidate = true;
  const [newEmail, password] = correct.querySelectorAll("input") as unknown as [
    HTMLInputElement,
    HTMLInputElement,
  ];
  sending(correct, answer.dataset.correcting, async () => {
    const to = normalizeEmail(newEmail.value);
    const result = await postWithoutSession(apiBaseUrl, "/api/v1/auth/signup/email/", {
      new_email: to,
      password: password.value,
    });
    const refusals = !result.ok && isApiErrorBody(result.body) ? result.body.errors : [];
    let first: HTMLInputElement | undefined;
    for (const input of [newEmail, password]) {
      const refusal = refusals.find((item) => item.attr === input.name);
      showFieldError(input, refusal?.detail);
      if (refusal) first ??= input;
    }
    first?.focus();
    if (!result.ok) return first ? "" : result.message;
    address.value = to;
    noteCheckEmail(to);
    sentTo.textContent = (sentTo.dataset.sentence ?? "").replace("{}", maskEmail(to));
    correct.reset();
    return result.data.message;
  });

  const close = () => {
    dismissCheckEmailNote();
    const hadFocus = notice.contains(document.activeElement);
    notice.hidden = true;
    if (hadFocus) focusHeading();
  };
  notice.querySelector(".check-email-close")?.addEventListener("click", close);
  // Esc belongs to an open dialog (the video, the menu) first.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !notice.hidden && !document.querySelector("dialog[open]"))
      close();
  });
}

/** What a deferred file's top level would do: everything above acts on the whole document. */
function start() {
  const videoDialog = document.getElementById(videoDialogIds.dialog);
  const videoTitle = document.getElementById(videoDialogIds.title);
  const videoFrame = videoDialog?.querySelector(".video-frame");
  if (videoDialog instanceof HTMLDialogElement && videoTitle && videoFrame)
    playVideosInDialog(videoDialog, videoTitle, videoFrame);
  for (const carousel of document.querySelectorAll(".carousel")) scrollCarousel(carousel);
  greetNewStudent();
  wireCheckEmailNotice();
  // The page's script is in charge, as React is once it marks the same (root.tsx): tests and CSS read it.
  document.documentElement.dataset.hydrated = "";
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
