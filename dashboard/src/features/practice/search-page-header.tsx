import type { ReactNode } from 'react';
import { TextInput } from '@tremor/react';

/**
 * The top of a practice section that is searched (Notes, Documents): its title, what it holds and
 * where an item is added, then the labelled search field whose words live in the page's URL.
 */
export function SearchPageHeader({
  title,
  intro,
  searchLabel,
  placeholder,
  words,
  onWords,
  testId,
}: {
  title: string;
  intro: ReactNode;
  searchLabel: string;
  placeholder: string;
  words: string;
  onWords: (words: string) => void;
  /** The search field's test id and, before `-search`, its element id. */
  testId: string;
}) {
  const fieldId = `${testId}-search`;
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">{title}</h1>
        <p className="mt-1 text-tremor-default text-tremor-content">{intro}</p>
      </div>
      <div>
        <label htmlFor={fieldId} className="text-tremor-default font-medium text-tremor-content-strong">
          {searchLabel}
        </label>
        <TextInput
          id={fieldId}
          className="mt-1"
          placeholder={placeholder}
          value={words}
          onValueChange={onWords}
          data-testid={fieldId}
        />
      </div>
    </>
  );
}
