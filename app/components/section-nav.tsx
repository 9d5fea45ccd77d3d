import { NavLink } from "react-router";

const LINK = "text-brand-700 underline aria-[current=page]:font-semibold dark:text-brand-200";

/**
 * The links between a nested page's sections; the first is the overview, current only on its own address.
 * `className` places the row (its margin); the row's own look is the same on every page.
 */
export function SectionNav({
  label,
  sections,
  className = "mt-3",
}: {
  label: string;
  sections: readonly (readonly [to: string, text: string])[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`flex flex-wrap gap-3 text-sm ${className}`}>
      {sections.map(([to, text], i) => (
        <NavLink key={to} to={to} end={i === 0} className={LINK}>
          {text}
        </NavLink>
      ))}
    </nav>
  );
}
