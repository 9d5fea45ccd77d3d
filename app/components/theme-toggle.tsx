import { useEffect } from "react";
import { href, useFetcher } from "react-router";
import type { Theme } from "~/lib/platform/theme";
import { MoonIcon, SunIcon } from "./icons";

const isDarkNow = () => window.getComputedStyle(document.documentElement).colorScheme === "dark";

/**
 * Flips between light and dark. The choice is a cookie, so the server renders it without a
 * flash; icons follow CSS so server and browser render the same markup.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("theme");
  useEffect(() => {
    if (typeof pending === "string") document.documentElement.dataset.theme = pending;
  }, [pending]);
  return (
    <fetcher.Form
      method="post"
      action={href("/theme")}
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit({ theme: isDarkNow() ? "light" : "dark" }, { method: "post", action: href("/theme") });
      }}
    >
      {/* Without JavaScript the server cannot see the system preference; this is its best guess. */}
      <input type="hidden" name="theme" value={theme === "dark" ? "light" : "dark"} />
      <button
        type="submit"
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label="Toggle dark theme"
        title="Toggle dark theme"
      >
        <SunIcon className="hidden dark:block" />
        <MoonIcon className="dark:hidden" />
      </button>
    </fetcher.Form>
  );
}
