import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { enumLabel, formatShortDate, type GlobalSearchResult } from '@meridian/domain';
import { globalSearch } from '../api';
import { plainNoteText } from '../features/practice/notes/mention-text';
import { notePath } from '../features/practice/notes/note-path';
import { useDebounced } from './use-debounced';

interface PaletteItem {
  kind: 'Contacts' | 'Households' | 'Persons' | 'Accounts and records' | 'Notes';
  id: string;
  title: string;
  detail: string;
  to: string;
}

const RESULTS_PER_KIND = 6;

/** The results in display order, grouped by kind; each says what tells two of a name apart. */
function itemsOf(result: GlobalSearchResult): PaletteItem[] {
  return [
    ...result.households.map((household) => ({
      kind: 'Households' as const,
      id: household.id,
      title: household.name,
      detail: [
        household.advisor ? `Advisor: ${household.advisor}` : 'No advisor',
        household.memberNames.length > 0 ? household.memberNames.join(', ') : 'No members',
      ].join(' · '),
      to: `/crm/households/${household.id}`,
    })),
    ...result.contacts.map((contact) => ({
      kind: 'Contacts' as const,
      id: contact.id,
      title: contact.name,
      detail: [
        enumLabel('ContactType', contact.type),
        contact.email ?? contact.phone ?? 'No e-mail',
        contact.household?.name,
      ]
        .filter(Boolean)
        .join(' · '),
      to: `/crm/contacts/${contact.id}`,
    })),
    ...result.persons.map((person) => ({
      kind: 'Persons' as const,
      id: person.id,
      title: person.name,
      detail: [
        person.dateOfBirth ? `Born ${formatShortDate(person.dateOfBirth, true)}` : null,
        person.household ? person.household.name : 'No household',
      ]
        .filter(Boolean)
        .join(' · '),
      // A person is seen on their household's page.
      to: person.household ? `/crm/households/${person.household.id}` : '/crm/households',
    })),
    ...result.financialRecords.map((record) => ({
      kind: 'Accounts and records' as const,
      id: record.id,
      title: record.label,
      // The kind is said even when it is the title, so that "RRSP" reads as an account.
      detail: [record.kind, record.institution, record.household.name].filter(Boolean).join(' · '),
      // A record is seen in its household's financial view.
      to: `/financial-records/${record.household.id}`,
    })),
    ...result.notes.map((note) => ({
      kind: 'Notes' as const,
      id: note.id,
      title: note.title ?? plainNoteText(note.excerpt),
      detail: [
        `About ${note.owner.name}`,
        formatShortDate(note.date, true),
        note.title ? plainNoteText(note.excerpt) : null,
      ]
        .filter(Boolean)
        .join(' · '),
      to: notePath(note) ?? '/notes',
    })),
  ];
}

/**
 * The global search (Ctrl-K / ⌘K): type, move with the arrows, Enter opens, Esc closes. Opened by
 * the shortcut anywhere in the app or by the header's Search button (`open`/`onOpenChange`).
 */
export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [result, setResult] = useState<{ query: string; items: PaletteItem[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const query = useDebounced(text.trim(), 150);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        onOpenChange(!open);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);

  useEffect(() => {
    if (open) input.current?.focus();
    else {
      setText('');
      setResult(null);
    }
  }, [open]);

  useEffect(() => {
    if (!open || query === '') {
      setResult(null);
      return;
    }
    const controller = new AbortController();
    globalSearch(query, RESULTS_PER_KIND, controller.signal)
      .then((found) => {
        setFailed(false);
        setResult({ query, items: itemsOf(found) });
        setActive(0);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailed(Boolean(error));
      });
    return () => controller.abort();
  }, [open, query]);

  const items = useMemo(() => result?.items ?? [], [result]);
  const choose = useCallback(
    (item: PaletteItem | undefined) => {
      if (!item) return;
      onOpenChange(false);
      navigate(item.to);
    },
    [navigate, onOpenChange],
  );

  if (!open) return null;

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(items.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
    }
  }

  const listId = `${id}-results`;
  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center bg-black/30 px-4 pt-24"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Search"
        className="w-full max-w-xl overflow-hidden rounded-tremor-default border border-tremor-border bg-tremor-background shadow-tremor-dropdown"
        data-testid="command-palette"
        onKeyDown={onKeyDown}
      >
        <input
          ref={input}
          className="w-full border-b border-tremor-border px-4 py-3 text-tremor-default outline-none"
          placeholder="Search contacts, households, people, accounts and notes by name, e-mail, phone, account type or words"
          value={text}
          onChange={(event) => setText(event.target.value)}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items[active] ? `${id}-item-${active}` : undefined}
          aria-label="Search"
          data-testid="palette-input"
        />
        <ul id={listId} role="listbox" className="max-h-96 overflow-y-auto py-1" aria-label="Results">
          {items.map((item, index) => (
            <li key={`${item.kind}-${item.id}`} role="presentation">
              {(index === 0 || items[index - 1]!.kind !== item.kind) && (
                <p
                  className="px-4 pb-1 pt-2 text-tremor-label font-semibold uppercase text-tremor-content"
                  role="presentation"
                >
                  {item.kind}
                </p>
              )}
              <div
                id={`${id}-item-${index}`}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer px-4 py-2 ${index === active ? 'bg-tremor-brand-faint' : ''}`}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(item)}
                data-testid="palette-result"
              >
                <p className="text-tremor-default font-medium text-tremor-content-strong">{item.title}</p>
                <p className="text-tremor-label text-tremor-content">{item.detail}</p>
              </div>
            </li>
          ))}
        </ul>
        <p
          className="border-t border-tremor-border px-4 py-2 text-tremor-label text-tremor-content"
          data-testid="palette-status"
        >
          {failed
            ? 'The search could not be run; try again.'
            : query === ''
              ? 'Type a name, e-mail, phone number, account type or institution. ↑ ↓ to move, Enter to open, Esc to close.'
              : result && result.query === query && items.length === 0
                ? `Nothing matches “${query}”.`
                : '↑ ↓ to move, Enter to open, Esc to close.'}
        </p>
      </div>
    </div>
  );
}
