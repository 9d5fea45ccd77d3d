import { href, Outlet } from "react-router";
import { SectionNav } from "~/components/section-nav";
import { saveFromForm } from "./+shared/save.server";
import type { Route } from "./+types/_layout";

// A form posted to /capture itself (scripts, tests, what the page did before it had sections) saves as the index does.
export const action = (args: Route.ActionArgs) => saveFromForm(args);

export default function CaptureLayout({ actionData }: Route.ComponentProps) {
  return (
    <>
      <Outlet context={actionData} />
      {/* Below the page, so on a phone the camera and the form still fit the first screen. */}
      <SectionNav
        label="Ways to capture"
        className="mx-auto max-w-5xl px-4 pb-6 sm:px-6"
        sections={[
          [href("/capture"), "Camera, card photo and form"],
          [href("/capture/quick"), "Type the details only"],
        ]}
      />
    </>
  );
}
