// Pages without framework JavaScript (routes with the `staticPage` handle) load this instead of React.
// The server renders every page complete and usable without it (links, a details menu, plain form posts);
// this adds what the hydrated page does, on the same markup: the header's scroll state, menus that close
// on Escape or a click outside, the theme toggle and newsletter forms without a page load, the newsletter
// slide-in, and the landing page's carousels and tabs. It only changes attributes, classes and its own
// messages, so a page that hydrates after all (one with a toast) never meets a DOM React did not render.
(() => {
  const all = (selector, root = document) => [...root.querySelectorAll(selector)];

  // A page served to a signed-out visitor (an expired or revoked session): nothing of an account stays
  // on the device, as app/components/offline-support.tsx does on hydrated pages ("knowwho-" is its prefix).
  if (document.currentScript?.hasAttribute("data-signed-out") && "serviceWorker" in navigator) {
    navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .then(() => ("caches" in window ? caches.keys() : []))
      .then((names) => Promise.all(names.filter((n) => n.startsWith("knowwho-")).map((n) => caches.delete(n))))
      .catch(() => undefined);
  }
  const seen = (name) => document.cookie.split("; ").some((c) => c.startsWith(`${name}=`));

  // The header: transparent at the top of the page, solid after 20 px of scroll (styled in app.css).
  const header = document.querySelector("[data-site-header]");
  if (header) {
    const update = () => header.setAttribute("data-scrolled", String(window.scrollY > 20));
    update();
    window.addEventListener("scroll", update, { passive: true });
  }

  // The header's menus (details elements): the phone menu locks the page behind it and names its state;
  // both close on Escape and on a click outside.
  const menus = all("[data-site-header] details");
  for (const menu of menus) {
    if (!menu.hasAttribute("data-menu")) continue;
    menu.addEventListener("toggle", () => {
      menu.querySelector("summary")?.setAttribute("aria-label", menu.open ? "Close menu" : "Open menu");
      document.body.classList.toggle("menu-open", menu.open);
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    for (const menu of menus.filter((m) => m.open)) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("click", (e) => {
    for (const menu of menus) if (menu.open && !menu.contains(e.target)) menu.open = false;
  });

  // The theme toggle flips what the page shows now (the system's choice included) and remembers it.
  for (const form of all('form[action="/theme"]')) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const theme = getComputedStyle(document.documentElement).colorScheme === "dark" ? "light" : "dark";
      document.documentElement.dataset.theme = theme;
      fetch("/theme.data", { method: "POST", body: new URLSearchParams({ theme }) }).catch(() => undefined);
    });
  }

  // Newsletter forms post in place; the answer is the newsletter page, whose message the spec words.
  for (const form of all('form[action="/newsletter"]')) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button[type=submit]");
      if (button) button.disabled = true;
      let text = "Something went wrong. Please try again.";
      let ok = false;
      try {
        const res = await fetch(form.action, { method: "POST", body: new FormData(form) });
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
  }

  // A guide's "Was this helpful?" vote posts in place; the page says the words it renders (data-thanks).
  for (const form of all("form[data-vote]")) {
    const status = form.parentElement?.querySelector("[data-thanks]");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const choice = event.submitter;
      let ok = false;
      try {
        ok = (await fetch(form.action, { method: "POST", body: new FormData(form, choice) })).ok;
      } catch {}
      if (ok) for (const b of all("button[name=vote]", form)) b.setAttribute("aria-pressed", String(b === choice));
      if (status) status.textContent = (ok ? status.dataset.thanks : status.dataset.refused) ?? "";
    });
  }

  // The newsletter slide-in (rendered hidden): after 5 s from load, at most once every 15 days, never to
  // a subscriber.
  const offer = document.querySelector("[data-slide-in]");
  if (offer && !seen("kw_newsletter_prompt") && !seen("kw_subscribed")) {
    const close = () => {
      offer.hidden = true;
      window.removeEventListener("keydown", onKey);
    };
    const onKey = (e) => e.key === "Escape" && close();
    offer.querySelector("[data-close]")?.addEventListener("click", close);
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
  }

  // Tabs: arrow keys move between them; each tab shows the panel it controls.
  for (const list of all("[role=tablist][data-tabs]")) {
    const tabs = all("[role=tab]", list);
    const select = (next) => {
      for (const tab of tabs) {
        const on = tab === next;
        tab.setAttribute("aria-selected", String(on));
        tab.tabIndex = on ? 0 : -1;
        const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
        if (panel) panel.hidden = !on;
      }
    };
    tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => select(tab));
      tab.addEventListener("keydown", (e) => {
        const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        if (!step) return;
        const next = tabs[(i + step + tabs.length) % tabs.length];
        select(next);
        next.focus();
      });
    });
  }

  // Accordions: one answer open at a time; pressing the open question closes it.
  for (const accordion of all("[data-accordion]")) {
    const buttons = all("button[aria-controls]", accordion);
    for (const button of buttons) {
      button.addEventListener("click", () => {
        const open = button.getAttribute("aria-expanded") !== "true";
        for (const other of buttons) {
          const on = other === button && open;
          other.setAttribute("aria-expanded", String(on));
          const panel = document.getElementById(other.getAttribute("aria-controls") ?? "");
          if (panel) panel.hidden = !on;
        }
      });
    }
  }

  // The testimonials: advance every 5 s and loop; pause while hovered or focused, never under reduced motion.
  for (const carousel of all("[data-carousel]")) {
    const track = carousel.querySelector("[data-track]");
    const slides = all("[data-slide]", carousel);
    const dots = all("[data-dot]", carousel);
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let index = 0;
    let hovered = false;
    let focused = false;
    let timer = 0;
    const show = (i) => {
      index = (i + slides.length) % slides.length;
      if (track) track.style.transform = `translateX(-${index * 100}%)`;
      slides.forEach((s, j) => {
        s.setAttribute("aria-hidden", String(j !== index));
      });
      dots.forEach((d, j) => {
        d.setAttribute("aria-current", String(j === index));
      });
    };
    const sync = () => {
      const paused = hovered || focused || reduced.matches;
      carousel.dataset.paused = String(paused);
      track?.setAttribute("aria-live", paused ? "polite" : "off");
      window.clearInterval(timer);
      if (!paused) timer = window.setInterval(() => show(index + 1), 5000);
    };
    carousel.addEventListener("mouseenter", () => {
      hovered = true;
      sync();
    });
    carousel.addEventListener("mouseleave", () => {
      hovered = false;
      sync();
    });
    carousel.addEventListener("focusin", () => {
      focused = true;
      sync();
    });
    carousel.addEventListener("focusout", (e) => {
      if (carousel.contains(e.relatedTarget)) return;
      focused = false;
      sync();
    });
    reduced.addEventListener("change", sync);
    dots.forEach((dot, j) => {
      dot.addEventListener("click", () => show(j));
    });
    carousel.querySelector("[data-prev]")?.addEventListener("click", () => show(index - 1));
    carousel.querySelector("[data-next]")?.addEventListener("click", () => show(index + 1));
    sync();
  }

  // Scrolling rows (the sample cards on a phone): previous and next wrap around at either end.
  for (const button of all("[data-scroll-step]")) {
    button.addEventListener("click", () => {
      const row = document.getElementById(button.getAttribute("aria-controls") ?? "");
      if (!row) return;
      const count = row.children.length;
      const current = Math.round(row.scrollLeft / row.clientWidth);
      const next = (current + Number(button.dataset.scrollStep) + count) % count;
      row.scrollTo({ left: next * row.clientWidth, behavior: "smooth" });
    });
  }

  // Forms whose fields apply themselves (the campaign filters): a change submits, as the hydrated page does.
  for (const form of all("form[data-autosubmit]")) form.addEventListener("change", () => form.requestSubmit());

  // Sign-up takes the browser's time zone, so "today" and reminders fall on the owner's day from the start.
  for (const input of all("input[data-time-zone]")) input.value = Intl.DateTimeFormat().resolvedOptions().timeZone;

  // A submit button that names its work while the page posts (the words come from the page: data-busy).
  for (const button of all("button[data-busy]")) {
    const idle = button.textContent;
    // Back from the next page (bfcache) shows the form ready again, not stuck on its busy words.
    window.addEventListener("pageshow", () => {
      button.disabled = false;
      button.textContent = idle;
    });
    button.form?.addEventListener("submit", () => {
      // Disabling the submitter inside its own submit event does not cancel the submission.
      button.disabled = true;
      button.textContent = button.dataset.busy ?? button.textContent;
    });
  }
})();
