export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <rect x="7" y="9" width="18" height="14" rx="2.5" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="12.5" cy="15" r="2" fill="#fff" />
      <path d="M17 14h5M17 18h3" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
