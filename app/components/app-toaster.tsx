import { useSyncExternalStore } from "react";
import { Toaster } from "sonner";
import { parseTheme, type Theme } from "~/lib/platform/theme";

/**
 * The page's theme as the document says it now (`<html data-theme>`, changed in place by the theme
 * toggle). Sonner's own default is always light: a white toast on a dark page fades in and out over the
 * page, and halfway its grey text sat on a grey mix of the two (axe measured 3.6:1 on phones).
 */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

function usePageTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => parseTheme(document.documentElement.dataset.theme),
    () => "system",
  );
}

/** Sonner with the specification's constants (4000 ms, 3 visible, 14 px gap, 32 px offset, Alt+T). */
export default function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      gap={14}
      offset={32}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
      theme={usePageTheme()}
      closeButton
    />
  );
}
