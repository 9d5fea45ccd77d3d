import { useEffect } from "react";
import { href, Link, NavLink, useLocation } from "react-router";
import type { Theme } from "~/lib/platform/theme";
import { SITE } from "~/lib/site";
import { initials } from "~/lib/text/graphemes";
import type { SessionUser } from "~/server/account/auth.server";
import { ActiveEventBanner } from "./events/active-banner";
import {
  BellIcon,
  CalendarIcon,
  CameraIcon,
  CardIcon,
  HeartIcon,
  HomeIcon,
  MailIcon,
  MoreIcon,
  SettingsIcon,
  UsersIcon,
} from "./icons";
import { Logo } from "./logo";
import { SignOutButton } from "./sign-out-button";
import { Bell, UnreadBadge, useDisclosure } from "./site-header";
import { type ShellTeam, WorkspaceSwitcher } from "./teams/workspace-switcher";
import { ThemeToggle } from "./theme-toggle";

type ShellProps = {
  user: SessionUser;
  teams: readonly ShellTeam[];
  theme: Theme;
  unread: number;
  activeEvent: { id: number; title: string } | null;
  children: React.ReactNode;
};

/** The four places an owner works in, in the order of a day at a venue; Capture is always one tap away. */
const TABS = [
  { to: href("/card"), label: "Card", Icon: CardIcon },
  { to: href("/capture"), label: "Capture", Icon: CameraIcon },
  { to: href("/connections"), label: "People", Icon: UsersIcon },
  { to: href("/events"), label: "Events", Icon: CalendarIcon },
] as const;

const MORE = [
  href("/dashboard"),
  href("/notifications"),
  href("/settings"),
  href("/welcome"),
  href("/organiser"),
  href("/mailings"),
];

const topLink = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm ${
    isActive
      ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-200"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;

const tabClass = (active: boolean) =>
  `flex h-16 w-full flex-col items-center justify-center gap-1 text-xs ${
    active ? "font-semibold text-brand-700 dark:text-brand-200" : "font-medium text-slate-600 dark:text-slate-300"
  }`;

/** The tab's icon, on a pill when it is the page you are on (colour alone is not enough to tell). */
const TabIcon = ({ active, children }: { active: boolean; children: React.ReactNode }) => (
  <span
    className={`flex h-7 w-12 items-center justify-center rounded-full ${active ? "bg-brand-100 dark:bg-slate-800" : ""}`}
  >
    {children}
  </span>
);

const sheetLink =
  "flex items-center gap-3 rounded-md px-3 py-3 font-medium text-base hover:bg-slate-100 dark:hover:bg-slate-800";

/** On desktop: the app's own compact header. On phones: a slim top bar and a bottom tab bar. */
export function AppShell({ user, teams, theme, unread, activeEvent, children }: ShellProps) {
  const location = useLocation();
  const more = useDisclosure();
  const account = useDisclosure();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the sheets whenever the route changes
  useEffect(() => {
    more.setOpen(false);
    account.setOpen(false);
  }, [location.pathname]);
  const inMore = MORE.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));

  return (
    <>
      <header className="sticky top-0 z-40 border-slate-200 border-b bg-white pt-[env(safe-area-inset-top)] print:hidden dark:border-slate-800 dark:bg-slate-950">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <Link
            to={href("/dashboard")}
            className="mr-2 flex shrink-0 items-center gap-2 font-bold text-lg tracking-tight"
            aria-label={`${SITE.name} dashboard`}
          >
            <Logo />
            <span>{SITE.name}</span>
          </Link>
          {user.workspace.team ? (
            <Link
              to={href("/teams/:id", { id: user.workspace.id })}
              className="min-w-0 max-w-40 truncate rounded-full bg-brand-50 px-2.5 py-1 font-medium text-brand-800 text-xs dark:bg-slate-800 dark:text-brand-200"
              title="The team you are working in"
            >
              {user.workspace.team}
            </Link>
          ) : null}
          <nav aria-label="App" className="hidden min-w-0 items-center gap-1 md:flex">
            <NavLink to={href("/dashboard")} className={topLink}>
              Dashboard
            </NavLink>
            {TABS.filter((t) => t.to !== href("/capture")).map((t) => (
              <NavLink key={t.to} to={t.to} className={topLink}>
                {t.label}
              </NavLink>
            ))}
            <NavLink to={href("/campaigns")} className={topLink}>
              Campaigns
            </NavLink>
            {/* Wide screens only: below 1280 px seven links and a team name would crowd the account menu off the bar. */}
            <NavLink to={href("/organiser")} className={(s) => `${topLink(s)} hidden xl:block`}>
              Organiser
            </NavLink>
            <NavLink to={href("/mailings")} className={(s) => `${topLink(s)} hidden xl:block`}>
              Mailings
            </NavLink>
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <NavLink
              to={href("/capture")}
              className="hidden items-center gap-1.5 rounded-md bg-brand-600 px-3 py-2 font-semibold text-sm text-white shadow-sm hover:bg-brand-700 md:inline-flex aria-[current=page]:bg-brand-700"
            >
              <CameraIcon width={18} height={18} />
              Capture
            </NavLink>
            <Bell unread={unread} />
            <ThemeToggle theme={theme} />
            <details {...account.props} className="relative hidden md:block">
              <summary
                className="inline-flex h-10 max-w-48 cursor-pointer items-center gap-2 rounded-md px-2 font-medium text-slate-700 text-sm hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                aria-label={`Account menu for ${user.name}`}
              >
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white text-xs"
                >
                  {initials(user.name)}
                </span>
                <span className="hidden truncate lg:inline">{user.name}</span>
              </summary>
              <div className="absolute right-0 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900">
                <p className="truncate px-3 py-2 text-slate-600 text-sm dark:text-slate-300">{user.email}</p>
                <WorkspaceSwitcher userId={user.id} workspace={user.workspace} teams={teams} />
                <Link to={href("/organiser")} className={`${sheetLink} text-sm xl:hidden`}>
                  <CalendarIcon width={18} height={18} />
                  Events you organise
                </Link>
                <Link to={href("/mailings")} className={`${sheetLink} text-sm xl:hidden`}>
                  <MailIcon width={18} height={18} />
                  Mailings
                </Link>
                <Link to={href("/settings")} className={`${sheetLink} text-sm`}>
                  <SettingsIcon width={18} height={18} />
                  Settings
                </Link>
                <Link to={href("/")} className={`${sheetLink} text-sm`}>
                  <HomeIcon width={18} height={18} />
                  {SITE.name} website
                </Link>
                <SignOutButton userId={user.id} className={`${sheetLink} w-full text-left text-sm`} />
              </div>
            </details>
          </div>
        </div>
      </header>
      {activeEvent ? <ActiveEventBanner event={activeEvent} /> : null}
      {/* Room for the tab bar and the phone's home indicator, so the last line is never under it. */}
      <main id="main" className="min-h-[60vh] pb-[calc(5rem+env(safe-area-inset-bottom))] md:pb-10">
        {children}
      </main>
      {/* No backdrop-filter or transform here: either would trap the fixed More sheet inside the bar. */}
      <nav
        aria-label="Tabs"
        data-app-tabbar=""
        className="fixed inset-x-0 bottom-0 z-40 border-slate-200 border-t bg-white pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] print:hidden md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        <ul className="grid grid-cols-5">
          {TABS.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} className={({ isActive }) => tabClass(isActive)}>
                {({ isActive }) => (
                  <>
                    <TabIcon active={isActive}>
                      <Icon width={22} height={22} />
                    </TabIcon>
                    {label}
                  </>
                )}
              </NavLink>
            </li>
          ))}
          <li>
            <details {...more.props}>
              <summary className={`${tabClass(inMore || more.open)} cursor-pointer`}>
                <TabIcon active={inMore || more.open}>
                  <MoreIcon width={22} height={22} />
                </TabIcon>
                More
              </summary>
              <div className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] max-h-[70dvh] overflow-y-auto rounded-t-xl border-slate-200 border-t bg-white p-3 shadow-[0_-8px_24px_rgba(0,0,0,0.12)] dark:border-slate-800 dark:bg-slate-900">
                <p className="truncate px-3 pb-2 text-slate-600 text-sm dark:text-slate-300">
                  Signed in as {user.email}
                </p>
                <WorkspaceSwitcher userId={user.id} workspace={user.workspace} teams={teams} />
                <NavLink to={href("/dashboard")} className={sheetLink}>
                  <HomeIcon />
                  Dashboard
                </NavLink>
                <NavLink
                  to={href("/notifications")}
                  className={sheetLink}
                  aria-label={unread ? `Notifications, ${unread} unread` : undefined}
                >
                  <BellIcon />
                  Notifications
                  <UnreadBadge unread={unread} className="ml-auto min-w-6 px-1.5 text-xs leading-6" />
                </NavLink>
                <NavLink to={href("/campaigns")} className={sheetLink}>
                  <HeartIcon />
                  Campaigns
                </NavLink>
                <NavLink to={href("/organiser")} className={sheetLink}>
                  <CalendarIcon />
                  Events you organise
                </NavLink>
                <NavLink to={href("/mailings")} className={sheetLink}>
                  <MailIcon />
                  Mailings
                </NavLink>
                <NavLink to={href("/settings")} className={sheetLink}>
                  <SettingsIcon />
                  Settings
                </NavLink>
                <Link to={href("/")} className={sheetLink}>
                  <Logo size={20} />
                  {SITE.name} website
                </Link>
                <SignOutButton userId={user.id} className={`${sheetLink} w-full text-left`} />
              </div>
            </details>
          </li>
        </ul>
      </nav>
    </>
  );
}
