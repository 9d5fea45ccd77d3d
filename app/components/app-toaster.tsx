import { Toaster } from "sonner";

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
      closeButton
    />
  );
}
