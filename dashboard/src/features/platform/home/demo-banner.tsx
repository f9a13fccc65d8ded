/** Shown on every page of a demo organization so sample data is never mistaken for real clients. */
export function DemoBanner() {
  return (
    <div
      role="note"
      aria-label="Demo organization"
      data-testid="demo-banner"
      className="flex flex-col gap-1 rounded-tremor-default border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 sm:flex-row sm:items-center sm:gap-3"
    >
      <span className="inline-flex w-fit items-center rounded-tremor-full bg-amber-200 px-2 py-0.5 text-tremor-label font-semibold uppercase tracking-wide">
        Demo
      </span>
      <p className="text-tremor-default">
        <strong className="font-semibold">Demo organization — sample data.</strong> Everything here is generated for
        trying Meridian; do not enter real client information.
      </p>
    </div>
  );
}
