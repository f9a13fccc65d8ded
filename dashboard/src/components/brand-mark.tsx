/** The Meridian mark and wordmark. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-10 w-10' : 'h-8 w-8';
  return (
    <span className="inline-flex items-center gap-2.5">
      <svg className={box} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-tremor-brand-emphasis" />
        <path
          d="M8 23V9l8 9 8-9v14"
          fill="none"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span
        className={`font-semibold tracking-tight text-tremor-content-strong ${size === 'lg' ? 'text-2xl' : 'text-lg'}`}
      >
        Meridian
      </span>
    </span>
  );
}
