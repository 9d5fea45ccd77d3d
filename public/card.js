// Enhances the visitor card page: the share form becomes a modal that posts in place, and
// saving a contact also adds it to a signed-in visitor's network. Without this file both still work.
(() => {
  const main = document.querySelector("main[data-name]");
  if (!main) return;
  const region = document.getElementById("toasts");
  const slug = main.dataset.slug;
  // The page's words in the visitor's language, formatted by the server (card-page.server.tsx).
  let msg = {};
  try {
    msg = JSON.parse(main.dataset.msg || "{}");
  } catch {}
  const say = (key, english) => msg[key] || english;

  // The page is the same for every visitor (edge cache); the source the link carried (?src=qr) rides
  // along to Save Contact and the share form, so the owner's analytics can count them by source.
  const src = new URLSearchParams(location.search).get("src");
  if (src && /^[a-z]{2,12}$/.test(src)) {
    for (const a of document.querySelectorAll('a[href$="contact.vcf"]')) {
      const url = new URL(a.getAttribute("href"), location.href);
      url.searchParams.set("src", src);
      a.setAttribute("href", url.pathname + url.search);
    }
    const shareForm = document.querySelector('#share form[method="post"]');
    if (shareForm) {
      const url = new URL(shareForm.getAttribute("action"), location.href);
      url.searchParams.set("src", src);
      shareForm.setAttribute("action", url.pathname + url.search + url.hash);
    }
  }

  function toast(kind, title, description, duration = 4000) {
    const el = document.createElement("div");
    el.className = `toast ${kind}`;
    el.setAttribute("role", kind === "error" ? "alert" : "status");
    const strong = document.createElement("strong");
    strong.textContent = title;
    const text = document.createElement("span");
    text.textContent = description;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.setAttribute("aria-label", say("closeToast", "Close toast"));
    close.textContent = "×";
    close.addEventListener("click", () => el.remove());
    el.append(close, strong, text);
    region.append(el);
    while (region.children.length > 3) region.firstElementChild.remove();
    setTimeout(() => el.remove(), duration);
  }

  const section = document.getElementById("share");
  const form = section?.querySelector("form");
  if (section && form && typeof HTMLDialogElement === "function") {
    const dialog = document.createElement("dialog");
    dialog.setAttribute("aria-labelledby", "share-title");
    section.before(dialog);
    dialog.append(section);
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.setAttribute("aria-label", say("close", "Close"));
    close.textContent = "×";
    close.addEventListener("click", () => dialog.close());
    section.prepend(close);
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close();
    });
    for (const link of document.querySelectorAll('[data-action="share"]')) {
      link.addEventListener("click", (e) => {
        e.preventDefault();
        dialog.showModal();
        form.querySelector("input")?.focus();
      });
    }

    const button = form.querySelector('button[type="submit"]');

    // Errors are drawn inside the open dialog, beside their fields: a toast would sit under the modal's
    // backdrop where nobody sees it. The summary is an alert (announced); the first wrong field gets focus.
    function showErrors(title, description, fields) {
      for (const input of form.querySelectorAll("[aria-invalid]")) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
      for (const p of form.querySelectorAll(".field-error")) p.remove();
      section.querySelector("#share-notice")?.remove();
      if (!title) return;
      const notice = document.createElement("div");
      notice.id = "share-notice";
      notice.className = "banner bad";
      notice.setAttribute("role", "alert");
      notice.tabIndex = -1;
      const strong = document.createElement("strong");
      strong.textContent = title;
      notice.append(strong, ` ${description}`);
      form.before(notice);
      let first = null;
      for (const [name, message] of Object.entries(fields || {})) {
        const input = form.elements.namedItem(name);
        if (!(input instanceof HTMLElement)) continue;
        const p = document.createElement("p");
        p.className = "field-error";
        p.id = `share-error-${name}`;
        p.textContent = message;
        input.after(p);
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", p.id);
        first = first || input;
      }
      (first || notice).focus?.();
      (first || notice).scrollIntoView?.({ block: "center" });
    }

    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const data = new FormData(form);
      const missing = {};
      for (const name of ["name", "email"]) {
        if (!String(data.get(name) || "").trim())
          missing[name] = say("missing", "Please provide your name and email address.");
      }
      if (Object.keys(missing).length) {
        showErrors(
          say("missingTitle", "Missing information"),
          say("missing", "Please provide your name and email address."),
          missing,
        );
        return;
      }
      button.disabled = true;
      const label = button.textContent;
      button.textContent = say("sending", "Sharing...");
      try {
        const res = await fetch(form.action, {
          method: "POST",
          body: new URLSearchParams(data),
          headers: { accept: "application/json" },
        });
        const body = await res.json();
        if (res.ok) {
          showErrors(null);
          toast("success", body.title, body.description, 5000);
          form.reset();
          dialog.close();
        } else {
          showErrors(body.title, body.description, body.fields);
        }
      } catch {
        showErrors(
          say("errorTitle", "Error sharing contact"),
          say("error", "There was a problem sharing your contact information. Please try again."),
          {},
        );
      } finally {
        button.disabled = false;
        button.textContent = label;
      }
    });
    // A no-JavaScript answer with errors reopens the form where they are shown.
    if (section.dataset.open === "true") {
      dialog.showModal();
      (form.querySelector("[aria-invalid=true]") || form.querySelector("input"))?.focus();
    }
  }

  const save = document.querySelector('[data-action="save"]');
  if (save && slug) {
    save.addEventListener("click", async () => {
      try {
        const res = await fetch(`/api/cards/${encodeURIComponent(slug)}/save`, {
          method: "POST",
          headers: { accept: "application/json" },
        });
        if (res.ok) {
          toast(
            "success",
            say("savedTitle", "Contact saved"),
            say("saved", `${main.dataset.name} has been added to your connections and downloaded as a vCard file.`),
            3000,
          );
        } else if (res.status >= 500) {
          toast(
            "error",
            say("saveFailedTitle", "Failed to save contact"),
            say("saveFailed", "There was an error saving this contact to your connections."),
          );
        }
      } catch {
        // Offline: the vCard still downloads; nothing else to report.
      }
    });
  }
})();
