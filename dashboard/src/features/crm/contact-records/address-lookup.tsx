import { useEffect, useId, useState } from 'react';
import type { AddressSuggestion, CompletedAddress } from '@meridian/domain';
import { addressCompletion, toApiError } from '../../../api';
import { controlClass } from '../../../components/fields';
import { useDebounced } from '../../../components/use-debounced';

/** Fewer characters than this are not sent to the provider: each look-up may cost the firm. */
const MIN_LOOKUP_LENGTH = 3;

/**
 * "Find an address": shown only when the deployment has an address-completion provider. Type, pick
 * a suggestion (a street or building opens its addresses), and `onPick` gets the address in full,
 * with the provider's id to keep.
 */
export function AddressLookup({ onPick, testId }: { onPick: (address: CompletedAddress) => void; testId: string }) {
  const id = useId();
  const [configured, setConfigured] = useState(false);
  const [text, setText] = useState('');
  const [container, setContainer] = useState<AddressSuggestion>();
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>();
  const [error, setError] = useState<string>();
  const query = useDebounced(text.trim(), 250);
  // A picked address empties the box at once, while `query` still holds the words for 250 ms:
  // without this the list came back over the form's buttons until the debounce caught up.
  const emptied = text.trim() === '';

  // Whether completion is offered at all; a role that may not look up sees plain fields.
  useEffect(() => {
    const controller = new AbortController();
    addressCompletion
      .suggestions({}, controller.signal)
      .then((answer) => setConfigured(answer.configured))
      .catch(() => setConfigured(false));
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!configured || (!container && (emptied || query.length < MIN_LOOKUP_LENGTH))) {
      setSuggestions(undefined);
      return;
    }
    const controller = new AbortController();
    addressCompletion
      .suggestions(container ? { container: container.id } : { text: query }, controller.signal)
      .then((answer) => {
        setError(undefined);
        setSuggestions(answer.suggestions);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(toApiError(failure).message);
      });
    return () => controller.abort();
  }, [configured, query, container, emptied]);

  if (!configured) return null;

  async function choose(suggestion: AddressSuggestion) {
    if (suggestion.kind === 'CONTAINER') {
      setContainer(suggestion);
      return;
    }
    try {
      onPick(await addressCompletion.retrieve(suggestion.id));
      setText('');
      setContainer(undefined);
      setSuggestions(undefined);
      setError(undefined);
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  }

  return (
    <div className="sm:col-span-4" data-testid={testId}>
      <label htmlFor={id} className="block text-tremor-default font-medium text-tremor-content-strong">
        Find an address
      </label>
      <input
        id={id}
        className={controlClass(error !== undefined)}
        value={text}
        placeholder="Start typing a street address or postal code"
        onChange={(event) => {
          setText(event.target.value);
          setContainer(undefined);
        }}
        // Enter here looks up; it does not add the address.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        data-testid={`${testId}-input`}
      />
      {container && (
        <p className="mt-1 text-tremor-label text-tremor-content">
          Addresses on {container.text}, {container.description}
        </p>
      )}
      {suggestions && (
        <ul className="mt-1 rounded-tremor-default border border-tremor-border" aria-label="Suggested addresses">
          {suggestions.length === 0 && (
            <li className="px-3 py-2 text-tremor-label text-tremor-content">No address matches.</li>
          )}
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left hover:bg-tremor-background-subtle"
                onClick={() => void choose(suggestion)}
                data-testid={`${testId}-suggestion`}
              >
                <span className="text-tremor-default text-tremor-content-strong">{suggestion.text}</span>{' '}
                <span className="text-tremor-label text-tremor-content">
                  {suggestion.description}
                  {suggestion.kind === 'CONTAINER' ? ' ›' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="mt-1 text-tremor-label text-red-600" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
