import { Badge } from '@tremor/react';
import { Link } from 'react-router';
import type { ContactListItem } from '@meridian/domain';
import { enumLabel } from '@meridian/domain';

/** The columns a contact list can show; the name is always shown. */
export const CONTACT_COLUMNS = [
  { key: 'type', label: 'Type' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'tags', label: 'Tags' },
  { key: 'source', label: 'Source' },
  { key: 'household', label: 'Household' },
  { key: 'created', label: 'Created' },
] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number]['key'];

const TYPE_COLOURS: Record<string, string> = {
  CLIENT: 'emerald',
  LEAD: 'blue',
  PROSPECT: 'violet',
  ONBOARDING: 'amber',
  OTHER: 'gray',
};

function cell(item: ContactListItem, column: ContactColumn) {
  switch (column) {
    case 'type':
      return (
        <Badge size="xs" color={TYPE_COLOURS[item.type] ?? 'gray'}>
          {enumLabel('ContactType', item.type)}
        </Badge>
      );
    case 'email':
      return item.email ?? '—';
    case 'phone':
      return item.phoneNumber ? `+${item.phoneNumber.number.countryCode} ${item.phoneNumber.number.number}` : '—';
    case 'tags':
      return (
        <span className="flex flex-wrap gap-1">
          {(item.tags ?? []).map((tag) => (
            <Badge key={tag.id} size="xs" color="slate">
              {tag.emoji ? `${tag.emoji} ` : ''}
              {tag.name}
            </Badge>
          ))}
        </span>
      );
    case 'source':
      return item.source ? enumLabel('LeadSource', item.source) : '—';
    case 'household':
      return item.household ? <Link to={`/crm/households/${item.household.id}`}>{item.household.name}</Link> : '—';
    case 'created':
      return new Date(item.createdAt).toLocaleDateString('en-CA');
  }
}

export function ContactsTable({
  items,
  columns,
  testId,
}: {
  items: readonly ContactListItem[];
  columns: readonly ContactColumn[];
  testId: string;
}) {
  const shown = CONTACT_COLUMNS.filter((column) => columns.includes(column.key));
  return (
    <div className="overflow-x-auto rounded-tremor-default border border-tremor-border bg-tremor-background">
      <table className="w-full text-left text-tremor-default" data-testid={testId}>
        <thead className="border-b border-tremor-border bg-tremor-background-muted text-tremor-content">
          <tr>
            <th className="px-4 py-2 font-medium">Name</th>
            {shown.map((column) => (
              <th key={column.key} className="px-4 py-2 font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && (
            <tr>
              <td className="px-4 py-6 text-tremor-content" colSpan={shown.length + 1}>
                No contacts match.
              </td>
            </tr>
          )}
          {items.map((item) => (
            <tr key={item.id} className="border-b border-tremor-border last:border-0" data-testid="contact-row">
              <td className="px-4 py-2 font-medium text-tremor-content-strong">
                <Link className="hover:underline" to={`/crm/contacts/${item.id}`} data-testid="contact-name">
                  {item.name.display}
                </Link>
              </td>
              {shown.map((column) => (
                <td
                  key={column.key}
                  className="px-4 py-2 text-tremor-content-emphasis"
                  data-testid={`contact-${column.key}`}
                >
                  {cell(item, column.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
