// The newsletter slide-in on pages that ship no framework JavaScript: the server renders the offer hidden,
// this shows it after 5 s at most once every 15 days, never to a subscriber, and posts the form in place.
(() => {
  const offer = document.querySelector("[data-slide-in]");
  if (!offer) return;
  const seen = (name) => document.cookie.split("; ").some((c) => c.startsWith(`${name}=`));
  if (seen("kw_newsletter_prompt") || seen("kw_subscribed")) return;
  const close = () => {
    offer.hidden = true;
    window.removeEventListener("keydown", onKey);
  };
  const onKey = (e) => e.key === "Escape" && close();
  offer.querySelector("[data-close]")?.addEventListener("click", close);
  // Five seconds from when the page has loaded, as the hydrated pages count them.
  const start = () =>
    window.setTimeout(() => {
      // They may have subscribed from the header or footer in the meantime.
      if (seen("kw_subscribed")) return;
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox
      document.cookie = `kw_newsletter_prompt=1; Path=/; Max-Age=${15 * 86400}; SameSite=Lax`;
      offer.hidden = false;
      window.addEventListener("keydown", onKey);
    }, 5000);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });

  const form = offer.querySelector("form");
  form?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    let text = "Something went wrong. Please try again.";
    let ok = false;
    try {
      const res = await fetch(form.action, { method: "POST", body: new FormData(form) });
      // The answer is the newsletter page; its message is the one the spec words.
      const page = new DOMParser().parseFromString(await res.text(), "text/html");
      const message = page.querySelector("main [role=status], main [role=alert]");
      if (message?.textContent) text = message.textContent;
      ok = res.ok;
    } catch {}
    if (button) button.disabled = false;
    form.querySelector("[data-answer]")?.remove();
    const answer = document.createElement("p");
    answer.dataset.answer = "";
    answer.setAttribute("role", ok ? "status" : "alert");
    answer.className = ok
      ? "rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100"
      : "text-red-700 text-sm dark:text-red-300";
    answer.textContent = text;
    if (ok) form.replaceWith(answer);
    else form.append(answer);
  });
})();
