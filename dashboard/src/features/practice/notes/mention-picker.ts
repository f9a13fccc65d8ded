import { useEffect, useState } from 'react';
import { enumLabel } from '@meridian/domain';
import { globalSearch } from '../../../api';
import { searchAssignable } from '../../../api/notes';
import { useDebounced } from '../../../components/use-debounced';

/** One entity the mention list offers. */
export interface MentionOption {
  id: string;
  name: string;
  /** What it is, in words (Team member, Household, Contact…). */
  kindLabel: string;
}

/**
 * What the mention list offers for `query`: the team's members and persons (the tasks'
 * assignable-entities route, members first) then households and contacts (the global search).
 * Either source failing leaves the other's options.
 */
export function useMentionOptions(teamId: string, query: string | undefined): MentionOption[] {
  // The options with the words they answer: while the typing runs ahead of them, none are offered,
  // so Enter never picks a name found for fewer letters ("@" offers everyone, "@Bru" Bruno only).
  const [found, setFound] = useState<{ query: string; options: MentionOption[] }>({ query: '', options: [] });
  const debounced = useDebounced(query ?? '', 150);
  const open = query !== undefined;
  useEffect(() => {
    if (!open) {
      setFound({ query: '', options: [] });
      return;
    }
    const controller = new AbortController();
    const people = searchAssignable(teamId, debounced, controller.signal).then(
      (page) =>
        page.items.map((item) => ({ id: item.id, name: item.name, kindLabel: enumLabel('EntityKind', item.kind) })),
      () => [] as MentionOption[],
    );
    const records =
      debounced === ''
        ? Promise.resolve([] as MentionOption[])
        : globalSearch(debounced, 4, controller.signal).then(
            (found) => [
              ...found.households.map((item) => ({ id: item.id, name: item.name, kindLabel: 'Household' })),
              ...found.contacts.map((item) => ({ id: item.id, name: item.name, kindLabel: 'Contact' })),
            ],
            () => [] as MentionOption[],
          );
    void Promise.all([people, records]).then(([first, second]) => {
      if (controller.signal.aborted) return;
      const seen = new Set<string>();
      setFound({
        query: debounced,
        options: [...first, ...second]
          .filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)))
          .slice(0, 10),
      });
    });
    return () => controller.abort();
  }, [teamId, debounced, open]);
  return open && found.query === query ? found.options : [];
}

/** The page of a mentioned entity, by its id's prefix, where it has one. */
export function entityPath(id: string, householdId?: string | null): string | undefined {
  if (id.startsWith('household-')) return `/crm/households/${id}`;
  if (id.startsWith('contact-')) return `/crm/contacts/${id}`;
  if (id.startsWith('person-') && householdId) return `/crm/households/${householdId}`;
  return undefined;
}
