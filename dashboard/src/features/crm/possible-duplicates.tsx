import { useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { Link } from 'react-router';
import { enumLabel, type PossibleDuplicate } from '@meridian/domain';
import { findPossibleDuplicates, toApiError } from '../../api';

interface Held<T> {
  body: unknown;
  found: PossibleDuplicate[];
  send: (body: unknown) => Promise<T>;
}

/** The e-mail and phone a create-contact body carries, as the lookup takes them. */
function contactKeys(body: unknown): { email?: string; phone?: string } {
  const value = body as { email?: unknown; phoneNumber?: { number?: { number?: unknown } } } | null;
  const email = typeof value?.email === 'string' && value.email.trim() ? value.email.trim() : undefined;
  const number = value?.phoneNumber?.number?.number;
  const phone = typeof number === 'string' && number.trim() ? number : undefined;
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}

const MATCH_LABEL = { EMAIL: 'same e-mail', PHONE: 'same phone' } as const;

/**
 * Before a contact is created: the contacts with the same e-mail or phone. `guard(send)` looks them
 * up first; when there are some it holds the creation (resolving undefined, so the form stays as
 * typed) and `warning` shows them with links and a "Create anyway" button that sends it.
 */
export function useDuplicateGuard<T>(onCreated: (result: T) => void) {
  const [held, setHeld] = useState<Held<T>>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const guard =
    (send: (body: unknown) => Promise<T>) =>
    async (body: unknown): Promise<T | undefined> => {
      const keys = contactKeys(body);
      if (keys.email || keys.phone) {
        const found = await findPossibleDuplicates(keys);
        if (found.length > 0) {
          setHeld({ body, found, send });
          return undefined;
        }
      }
      setHeld(undefined);
      return send(body);
    };

  async function createAnyway() {
    if (!held) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await held.send(held.body);
      setHeld(undefined);
      onCreated(result);
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  const warning = held && (
    <Callout color="amber" title="Possible duplicate" className="mb-4" data-testid="possible-duplicate">
      <p>
        {held.found.length === 1 ? 'A contact' : 'Contacts'} with the same e-mail or phone already{' '}
        {held.found.length === 1 ? 'exists' : 'exist'}. Open {held.found.length === 1 ? 'it' : 'them'} to check, or
        create this one anyway.
      </p>
      <ul className="mt-2 space-y-1">
        {held.found.map(({ contact, matchedOn }) => (
          <li key={contact.id} data-testid="possible-duplicate-item">
            <Link to={`/crm/contacts/${contact.id}`} className="font-medium">
              {contact.name.display}
            </Link>{' '}
            ({[enumLabel('ContactType', contact.type), ...matchedOn.map((match) => MATCH_LABEL[match])].join(', ')}
            {contact.household ? `, ${contact.household.name}` : ''})
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <Button
          size="xs"
          variant="secondary"
          loading={busy}
          onClick={() => void createAnyway()}
          data-testid="create-anyway"
        >
          Create anyway
        </Button>
        <Button size="xs" variant="light" onClick={() => setHeld(undefined)}>
          Edit the form
        </Button>
      </div>
    </Callout>
  );

  return { guard, warning };
}
