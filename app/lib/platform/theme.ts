export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function parseTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : "system";
}

/** Reads the theme cookie; no cookie means follow the system preference. */
export function themeFromCookie(cookie: string | null): Theme {
  const match = cookie?.match(/(?:^|;\s*)theme=([a-z]+)/);
  return parseTheme(match?.[1]);
}

export function themeCookie(theme: Theme): string {
  return theme === "system"
    ? "theme=; Path=/; Max-Age=0; SameSite=Lax"
    : `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
