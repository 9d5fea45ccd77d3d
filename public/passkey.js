// Passkeys (WebAuthn, decision 0213) on the sign-in page, the sign-up page and Settings → Account. Plain script,
// so the sign-in page stays without framework JavaScript; without it (or without passkeys in the browser) the
// passkey parts stay hidden and the password form works as ever. The server checks everything again.
(() => {
  const supported = typeof window.PublicKeyCredential === "function" && !!navigator.credentials?.get;

  const bytes = (b64url) => {
    const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer;
  };
  const b64url = (buffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const withIds = (list) => (list ?? []).map((c) => ({ ...c, id: bytes(c.id) }));

  const creationOptions = (json) =>
    PublicKeyCredential.parseCreationOptionsFromJSON
      ? PublicKeyCredential.parseCreationOptionsFromJSON(json)
      : {
          ...json,
          challenge: bytes(json.challenge),
          user: { ...json.user, id: bytes(json.user.id) },
          excludeCredentials: withIds(json.excludeCredentials),
        };
  const requestOptions = (json) =>
    PublicKeyCredential.parseRequestOptionsFromJSON
      ? PublicKeyCredential.parseRequestOptionsFromJSON(json)
      : { ...json, challenge: bytes(json.challenge), allowCredentials: withIds(json.allowCredentials) };

  /** The credential as the JSON the server reads (WebAuthn's own toJSON where the browser has it). */
  const asJson = (credential) => {
    if (typeof credential.toJSON === "function") return credential.toJSON();
    const r = credential.response;
    const response = { clientDataJSON: b64url(r.clientDataJSON) };
    if (r.attestationObject) {
      response.attestationObject = b64url(r.attestationObject);
      response.transports = r.getTransports?.() ?? [];
    } else {
      response.authenticatorData = b64url(r.authenticatorData);
      response.signature = b64url(r.signature);
      if (r.userHandle) response.userHandle = b64url(r.userHandle);
    }
    return {
      id: credential.id,
      rawId: b64url(credential.rawId),
      type: credential.type,
      response,
      authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
      clientExtensionResults: credential.getClientExtensionResults?.() ?? {},
    };
  };

  const post = (path, body) =>
    fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const messageOf = async (res, fallback) => {
    const body = await res.json().catch(() => null);
    return typeof body?.message === "string" ? body.message : fallback;
  };

  /** Runs one ceremony from a button: busy words while the device asks, a message where it fails. */
  const run = async (button, errorBox, work) => {
    const idle = button.textContent;
    button.disabled = true;
    button.textContent = button.dataset.busy ?? idle;
    errorBox.hidden = true;
    try {
      const failed = await work();
      if (!failed) return;
      errorBox.textContent = failed;
    } catch (error) {
      // The person closed the device's prompt, or it found no passkey for this site.
      errorBox.textContent =
        error?.name === "NotAllowedError" || error?.name === "AbortError"
          ? "No passkey was used. Try again, or sign in with your password."
          : "Passkeys did not work in this browser just now. Please try again.";
    }
    errorBox.hidden = false;
    button.disabled = false;
    button.textContent = idle;
  };

  // Binds the passkey parts on the page once each; the hydrated Settings page calls it again after a navigation.
  const scan = () => {
    for (const box of document.querySelectorAll("[data-passkey-sign-in]")) {
      if (!supported || box.dataset.ready) continue;
      box.dataset.ready = "1";
      box.hidden = false;
      const button = box.querySelector("button");
      const errorBox = box.querySelector("[data-passkey-error]");
      button.addEventListener("click", () =>
        run(button, errorBox, async () => {
          const options = await fetch("/api/auth/passkey/sign-in-options", { credentials: "same-origin" });
          if (!options.ok) return messageOf(options, "Passkeys did not work just now. Please try again.");
          const credential = await navigator.credentials.get({ publicKey: requestOptions(await options.json()) });
          const res = await post("/api/auth/passkey/sign-in", { response: asJson(credential) });
          if (!res.ok)
            return messageOf(res, "That passkey did not sign you in. Try again, or sign in with your password.");
          const to = box.dataset.redirectTo ?? "/dashboard";
          window.location.assign(to.startsWith("/") && !to.startsWith("//") ? to : "/dashboard");
        }),
      );
    }

    for (const offer of document.querySelectorAll("[data-passkey-offer]")) {
      if (!supported || offer.dataset.ready) continue;
      offer.dataset.ready = "1";
      // Shown unticked: a new account goes through its first-run guide unless the person asks for a passkey first.
      offer.hidden = false;
    }

    for (const form of document.querySelectorAll("form[data-passkey-add]")) {
      if (!supported || form.dataset.ready) continue;
      form.dataset.ready = "1";
      form.hidden = false;
      for (const note of document.querySelectorAll("[data-passkey-unsupported]")) note.hidden = true;
      const button = form.querySelector("button");
      const errorBox = form.querySelector("[data-passkey-error]");
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        run(button, errorBox, async () => {
          const options = await fetch("/api/auth/passkey/register-options", { credentials: "same-origin" });
          if (options.status === 403 || options.status === 401)
            return "For your safety, sign in again before adding a passkey.";
          if (!options.ok) return messageOf(options, "That passkey could not be added. Please try again.");
          const credential = await navigator.credentials.create({ publicKey: creationOptions(await options.json()) });
          const name = new FormData(form).get("name");
          const res = await post("/api/auth/passkey/register", { response: asJson(credential), name });
          if (!res.ok) return messageOf(res, "That passkey could not be added. Please try again.");
          window.location.assign("/settings/account?passkey=added#passkeys");
        });
      });
    }
  };
  window.knowwhoPasskeys = { scan };
  scan();
})();
