interface LogoMarkProps {
  size?: number;
}

/** The product's mark (the favicon's drawing): decorative, the product name always stands beside it. */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1c7ed6" />
      <path d="M14 44V20h14a8 8 0 0 1 0 16h-8v8z" fill="#fff" />
      <path d="M36 44l6-24h4l6 24h-5l-1.2-5h-6.6L38 44zm7.2-9h4.6L45.5 25z" fill="#ffd43b" />
    </svg>
  );
}
