import { Link } from 'react-router';

export const WIZARD_STEPS = ['Upload', 'Mapping', 'Dry run', 'Commit'] as const;
/** 1 to 4, in the order of WIZARD_STEPS. */
export type WizardStep = 1 | 2 | 3 | 4;

/** The wizard's title, the way back to the list, and the four steps with the current one marked. */
export function WizardHeader({ step, fileName }: { step: WizardStep; fileName?: string | null | undefined }) {
  return (
    <div className="space-y-4">
      <div>
        <p className="text-tremor-default text-tremor-content">
          <Link to="/imports" className="hover:text-tremor-brand">
            Imports
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-tremor-content-strong">
          {fileName ? `Import ${fileName}` : 'New import'}
        </h1>
      </div>
      <ol className="flex flex-wrap gap-2" aria-label="Import steps">
        {WIZARD_STEPS.map((label, index) => {
          const number = index + 1;
          const current = number === step;
          const done = number < step;
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className={`flex items-center gap-2 rounded-tremor-full border px-3 py-1 text-tremor-default ${
                current
                  ? 'border-tremor-brand bg-tremor-brand-faint font-medium text-tremor-brand-emphasis'
                  : done
                    ? 'border-tremor-border text-tremor-content-emphasis'
                    : 'border-tremor-border text-tremor-content-subtle'
              }`}
            >
              <span aria-hidden="true" className="tabular-nums">
                {number}.
              </span>
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
