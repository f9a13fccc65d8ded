import { Badge } from '@tremor/react';
import { Link } from 'react-router';
import { enumLabel, formatShortDate, type ContactListItem } from '@meridian/domain';
import { DataTable, type DataColumn, type SortState } from '../../components/data-table';

const TYPE_COLOURS: Record<string, string> = {
  CLIENT: 'emerald',
  LEAD: 'blue',
  PROSPECT: 'violet',
  ONBOARDING: 'amber',
  OTHER: 'gray',
};

/** Every column a contact list can show; the name is always shown. Sort keys are the API's. */
export const CONTACT_COLUMNS: DataColumn<ContactListItem>[] = [
  {
    key: 'name',
    label: 'Name',
    fixed: true,
    sortKey: 'name',
    render: (item) => (
      <Link
        className="font-medium text-tremor-content-strong hover:underline"
        to={`/crm/contacts/${item.id}`}
        data-testid="contact-name"
      >
        {item.name.display}
      </Link>
    ),
  },
  {
    key: 'type',
    label: 'Type',
    sortKey: 'type',
    render: (item) => (
      <Badge size="xs" color={TYPE_COLOURS[item.type] ?? 'gray'}>
        {enumLabel('ContactType', item.type)}
      </Badge>
    ),
  },
  { key: 'email', label: 'Email', sortKey: 'email', render: (item) => item.email ?? '—' },
  {
    key: 'phone',
    label: 'Phone',
    render: (item) =>
      item.phoneNumber ? `+${item.phoneNumber.number.countryCode} ${item.phoneNumber.number.number}` : '—',
  },
  {
    key: 'tags',
    label: 'Tags',
    render: (item) => (
      <span className="flex flex-wrap gap-1">
        {(item.tags ?? []).map((tag) => (
          <Badge key={tag.id} size="xs" color="slate">
            {tag.emoji ? `${tag.emoji} ` : ''}
            {tag.name}
          </Badge>
        ))}
      </span>
    ),
  },
  {
    key: 'source',
    label: 'Source',
    hiddenByDefault: true,
    render: (item) => (item.source ? enumLabel('LeadSource', item.source) : '—'),
  },
  {
    key: 'household',
    label: 'Household',
    sortKey: 'household',
    hiddenByDefault: true,
    render: (item) =>
      item.household ? <Link to={`/crm/households/${item.household.id}`}>{item.household.name}</Link> : '—',
  },
  {
    key: 'created',
    label: 'Created',
    sortKey: 'createdAt',
    hiddenByDefault: true,
    render: (item) => formatShortDate(item.createdAt),
  },
];
export type ContactColumn = (typeof CONTACT_COLUMNS)[number]['key'];

/** A contact list on the shared table: `columns` picks which (the name always shows). */
export function ContactsTable({
  items,
  columns,
  testId,
  sort,
  onSort,
  empty = 'No contacts match.',
}: {
  items: readonly ContactListItem[];
  columns: readonly (ContactColumn | DataColumn<ContactListItem>)[];
  testId: string;
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  empty?: React.ReactNode;
}) {
  const shown = CONTACT_COLUMNS.filter(
    (column) =>
      column.fixed || columns.some((wanted) => (typeof wanted === 'string' ? wanted : wanted.key) === column.key),
  );
  return (
    <DataTable
      columns={shown}
      items={items}
      rowKey={(item) => item.id}
      sort={sort}
      onSort={onSort}
      empty={empty}
      testId={testId}
      rowTestId="contact-row"
      cellTestIdPrefix="contact"
      label="Contacts"
    />
  );
}
