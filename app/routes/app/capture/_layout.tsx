import { href, NavLink, Outlet } from "react-router";
import { saveFromForm } from "./+shared/save.server";
import type { Route } from "./+types/_layout";

// A form posted to /capture itself (scripts, tests, what the page did before it had sections) saves as the index does.
export const action = (args: Route.ActionArgs) => saveFromForm(args);

export default function CaptureLayout({ actionData }: Route.ComponentProps) {
  const link = "text-brand-700 underline aria-[current=page]:font-semibold dark:text-brand-200";
  return (
    <>
      <Outlet context={actionData} />
      {/* Below the page, so on a phone the camera and the form still fit the first screen. */}
      <nav aria-label="Ways to capture" className="mx-auto flex max-w-5xl flex-wrap gap-3 px-4 pb-6 text-sm sm:px-6">
        <NavLink to={href("/capture")} end className={link}>
          Camera, card photo and form
        </NavLink>
        <NavLink to={href("/capture/quick")} className={link}>
          Type the details only
        </NavLink>
      </nav>
    </>
  );
}
