import { useId } from 'react';

/** Placeholder graphic of the vehicle page (spec 9): a lightning bolt, 300 px high. */
export function LightningPlaceholder({ label, height = 300 }: { label: string; height?: number }) {
  const id = useId();
  return (
    <svg
      role="img"
      aria-label={label}
      width="100%"
      height={height}
      viewBox="0 0 400 300"
      preserveAspectRatio="xMidYMid meet"
      data-testid="lightning-placeholder"
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-ev-0)" />
          <stop offset="1" stopColor="var(--mantine-color-ev-1)" />
        </linearGradient>
      </defs>
      <rect width="400" height="300" rx="16" fill={`url(#${id}-bg)`} />
      <circle cx="200" cy="150" r="100" fill="var(--mantine-color-white)" fillOpacity="0.6" />
      <path
        d="M13 2 4 14h7l-1 8 9-12h-7z"
        transform="translate(200 150) scale(7.5) translate(-11.5 -12)"
        fill="var(--mantine-color-ev-6)"
        stroke="var(--mantine-color-ev-9)"
        strokeWidth="0.35"
        strokeLinejoin="round"
      />
    </svg>
  );
}
