// On the page answering a plain form post: a "Back" link goes back through
// history, where the browser keeps what was typed in the form, instead of
// opening the form again empty.
document.querySelectorAll("a[data-back]").forEach((link) => {
  link.addEventListener("click", (event) => {
    if (history.length < 2 || !document.referrer.startsWith(`${location.origin}/`)) return;
    event.preventDefault();
    history.back();
  });
});
