import { useEffect, useRef, useState } from "react";
import { href, Link, NavLink, useLocation } from "react-router";
import type { SiteWords } from "~/lib/i18n/site-words";
import type { Theme } from "~/lib/platform/theme";
import { NAV_LINKS, SITE } from "~/lib/site";
import type { SessionUser } from "~/server/account/auth.server";
import { BellIcon, CloseIcon, MailIcon, MenuIcon, PlayIcon } from "./icons";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";
import { SignOutButton } from "./sign-out-button";
import { ThemeToggle } from "./theme-toggle";

const SCROLL_SOLID_AT = 20;

type Say = SiteWords["say"];

/** The subscribe form's own words, from the header's and footer's. */
export const newsletterWords = (say: Say) => ({ label: say.email, submit: say.subscribe, busy: say["subscribe.busy"] });

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm transition-colors ${
    isActive
      ? "text-brand-700 dark:text-brand-200"
      : "text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white"
  }`;

function GetStarted({ user, say, className = "" }: { user: SessionUser | null; say: Say; className?: string }) {
  return (
    <Link
      to={user ? href("/dashboard") : `${href("/auth")}?mode=signup`}
      className={`items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white shadow-sm hover:bg-brand-700 ${className}`}
    >
      {user ? say.dashboard : say.getStarted}
    </Link>
  );
}

/** A disclosure that closes on Escape and on outside clicks; works as plain <details> without JS. */
export function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        ref.current?.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);
  return {
    ref,
    open,
    setOpen,
    props: {
      ref,
      open,
      onToggle: (e: React.SyntheticEvent<HTMLDetailsElement>) => setOpen(e.currentTarget.open),
    },
  };
}

/** The unread count beside the bell, wherever it stands: nothing at none, and "99+" past 99. */
export function UnreadBadge({ unread, className }: { unread: number; className: string }) {
  if (!unread) return null;
  return (
    <span className={`rounded-full bg-red-600 text-center font-bold text-white ${className}`}>
      {unread > 99 ? "99+" : unread}
    </span>
  );
}

export function Bell({ unread }: { unread: number }) {
  return (
    <Link
      to={href("/notifications")}
      className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
    >
      <BellIcon />
      <UnreadBadge unread={unread} className="-top-0.5 -right-0.5 absolute min-w-5 px-1 text-[11px] leading-5" />
    </Link>
  );
}

export function SiteHeader({
  user,
  theme,
  words,
  unread = 0,
  solid = false,
}: {
  user: SessionUser | null;
  theme: Theme;
  /** The header's words in the visitor's language (the root loader's), with its own lang and dir. */
  words: SiteWords;
  unread?: number;
  /** Always opaque: on a page without JavaScript nothing watches the scroll position. */
  solid?: boolean;
}) {
  const scrolled = useScrolledPast(SCROLL_SOLID_AT);
  const menu = useDisclosure();
  const subscribe = useDisclosure();
  const location = useLocation();
  const say = words.say;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close menus whenever the route changes
  useEffect(() => {
    menu.setOpen(false);
    subscribe.setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    document.body.classList.toggle("menu-open", menu.open);
    return () => document.body.classList.remove("menu-open");
  }, [menu.open]);

  return (
    <header
      // Styled from these attributes in app.css, so /site.js can drive the same header on a page without
      // framework JavaScript. No data-scrolled: nothing watches the scroll yet, so the header stays solid.
      data-site-header=""
      data-scrolled={solid ? undefined : scrolled}
      lang={words.locale}
      dir={words.dir}
      className="sticky top-0 z-40"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to={href("/")}
          className="mr-2 flex items-center gap-2 font-bold text-lg tracking-tight"
          aria-label={say.home}
        >
          <Logo />
          <span>{SITE.name}</span>
        </Link>

        {/* Between 768 px and a wide screen the links scroll sideways inside the bar, never the page. */}
        <nav
          aria-label={say["nav.main"]}
          className="hidden min-w-0 flex-1 items-center overflow-x-auto [mask-image:linear-gradient(to_right,#000_85%,transparent)] [scrollbar-width:none] md:flex xl:[mask-image:none]"
        >
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass} prefetch="intent">
              {say[`link.${link.word}`]}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">
          <details {...subscribe.props} data-dropdown="" className="relative hidden md:block">
            <summary
              className="inline-flex h-10 cursor-pointer items-center gap-1.5 rounded-md px-3 font-medium text-slate-700 text-sm hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              aria-label={say["subscribe.label"]}
            >
              <MailIcon width={18} height={18} />
              <span className="hidden lg:inline">{say.subscribe}</span>
            </summary>
            <div className="absolute right-0 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-800 dark:bg-slate-900">
              <p className="mb-3 text-slate-600 text-sm dark:text-slate-300">{say["subscribe.text"]}</p>
              <NewsletterForm source="header" compact words={newsletterWords(say)} />
            </div>
          </details>

          {user ? <Bell unread={unread} /> : null}
          <ThemeToggle theme={theme} />

          <a
            href={SITE.demoPath}
            target="_blank"
            rel="noopener noreferrer"
            className={`hidden items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 font-medium text-slate-700 text-sm hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${user ? "2xl:inline-flex" : "lg:inline-flex"}`}
          >
            <PlayIcon width={18} height={18} />
            {say.demo}
            <span className="sr-only">{say.newTab}</span>
          </a>
          {user ? (
            <SignOutButton
              userId={user.id}
              formClassName="hidden md:block"
              className="whitespace-nowrap rounded-md px-3 py-2 font-medium text-slate-700 text-sm hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            />
          ) : (
            <Link
              to={href("/auth")}
              className="hidden rounded-md px-3 py-2 font-medium text-slate-700 text-sm hover:bg-slate-100 md:inline-flex dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {say.signIn}
            </Link>
          )}
          <GetStarted user={user} say={say} className="hidden md:inline-flex" />

          <details {...menu.props} data-menu="" className="group md:hidden">
            <summary
              className="inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
              aria-label={menu.open ? say["menu.close"] : say["menu.open"]}
            >
              {/* Icons follow the open state in CSS, so the menu looks right with or without JavaScript. */}
              <CloseIcon className="hidden group-open:block" />
              <MenuIcon className="group-open:hidden" />
            </summary>
            <div className="fixed inset-x-0 top-16 bottom-0 overflow-y-auto border-slate-200 border-t bg-white px-4 pt-4 pb-10 dark:border-slate-800 dark:bg-slate-950">
              <nav aria-label={say["nav.mobile"]} className="flex flex-col">
                {NAV_LINKS.map((link) => (
                  <NavLink
                    key={link.to}
                    to={link.to}
                    end={link.to === "/"}
                    className={({ isActive }) => `${navClass({ isActive })} py-3 text-base`}
                  >
                    {say[`link.${link.word}`]}
                  </NavLink>
                ))}
              </nav>
              <div className="mt-4 flex flex-col gap-3 border-slate-200 border-t pt-4 dark:border-slate-800">
                <GetStarted user={user} say={say} className="flex w-full py-3 text-base" />
                {user ? (
                  <SignOutButton
                    userId={user.id}
                    className="w-full rounded-md border border-slate-300 py-3 font-medium dark:border-slate-700"
                  />
                ) : (
                  <Link
                    to={href("/auth")}
                    className="rounded-md border border-slate-300 py-3 text-center font-medium dark:border-slate-700"
                  >
                    {say.signIn}
                  </Link>
                )}
                <a
                  href={SITE.demoPath}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center justify-center gap-2 rounded-md py-3 font-medium"
                >
                  <PlayIcon width={18} height={18} />
                  {say.demo}
                  <span className="sr-only">{say.newTab}</span>
                </a>
                <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-900">
                  <NewsletterForm source="mobile-menu" compact words={newsletterWords(say)} />
                </div>
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
