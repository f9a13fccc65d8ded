import { Fragment } from 'react';
import { COUNTRY_NAMES, type CountryCode } from '@meridian/domain';

/** A pair of regional-indicator symbols: how a country flag is written in Unicode. */
const FLAG = /([\u{1F1E6}-\u{1F1FF}]{2})/u;

function countryOf(flag: string): string {
  return [...flag].map((symbol) => String.fromCharCode(symbol.codePointAt(0)! - 0x1f1e6 + 65)).join('');
}

/**
 * Text that may hold a country flag (foundations §9 puts one before an account type: '🇨🇦 TFSA').
 * The flag is shown as its country's code with the name on hover: a flag emoji renders as two boxes
 * wherever no emoji font is installed, and a screen reader reads its letters, not the country.
 */
export function FlagText({ text }: { text: string }) {
  const parts = text.split(FLAG);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) => {
        if (!FLAG.test(part)) return <Fragment key={index}>{part}</Fragment>;
        const code = countryOf(part);
        const name = COUNTRY_NAMES[code as CountryCode] ?? code;
        return (
          <abbr
            key={index}
            title={name}
            aria-label={name}
            className="mr-0.5 rounded bg-tremor-background-subtle px-1 text-[0.7em] font-semibold tracking-wide text-tremor-content no-underline"
          >
            {code}
          </abbr>
        );
      })}
    </>
  );
}
