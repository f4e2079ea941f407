/** The market-analytics mark: a rising line in a rounded square. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="logo">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-teal-7)" />
      <path d="M6 22l6-6 5 4 9-10" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="26" cy="10" r="2.5" fill="#fff" />
    </svg>
  );
}
