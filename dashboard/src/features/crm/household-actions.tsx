import { useState } from 'react';
import { Button } from '@tremor/react';
import { useNavigate } from 'react-router';
import type { HouseholdDeletion, HouseholdResponse } from '@meridian/domain';
import { deleteHousehold, getHouseholdDeletion, toApiError } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCan } from '../platform/auth/use-can';

const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join(', ');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the confirmation says a household's deletion takes with it. */
function DeletionSummary({ takes }: { takes: HouseholdDeletion }) {
  const kept = [
    ...(takes.financialRecords > 0 ? [plural(takes.financialRecords, 'financial record', 'financial records')] : []),
    ...(takes.families > 0 ? [plural(takes.families, 'family', 'families')] : []),
  ];
  return (
    <span className="block space-y-2" data-testid="delete-household-summary">
      <span className="block">
        {takes.members.length > 0 ? `Its members go with it: ${names(takes.members)}.` : 'It has no member.'}{' '}
        {takes.contacts.length > 0 ? `Its contacts go with it: ${names(takes.contacts)}.` : 'It has no contact.'}
      </span>
      <span className="block">
        {kept.length > 0 ? `Kept with it, out of sight: ${kept.join(', ')}. ` : ''}An administrator can restore the
        household from Deleted records, which brings back its members and contacts too.
      </span>
    </span>
  );
}

/**
 * The household's Delete button (CRM_DELETE): asks what deleting takes, confirms it, then goes back
 * to the list.
 */
export function HouseholdActions({ household }: { household: HouseholdResponse }) {
  const navigate = useNavigate();
  const [takes, setTakes] = useState<HouseholdDeletion>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const canDelete = useCan()('CRM_DELETE');

  async function ask() {
    setLoading(true);
    setError(undefined);
    try {
      setTakes(await getHouseholdDeletion(household.id));
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setLoading(false);
    }
  }

  if (!canDelete) return null;
  return (
    <div className="flex items-center gap-3">
      {error && (
        <span role="alert" className="text-tremor-default text-red-600">
          {error}
        </span>
      )}
      <Button
        variant="secondary"
        color="rose"
        loading={loading}
        onClick={() => void ask()}
        data-testid="delete-household"
      >
        Delete household
      </Button>
      {takes && (
        <ConfirmDialog
          title={`Delete ${household.name}?`}
          testId="delete-household-dialog"
          confirmLabel="Delete household"
          action={() => deleteHousehold(household.id)}
          onDone={() => navigate('/crm/households', { state: { deleted: household.name } })}
          onClose={() => setTakes(undefined)}
        >
          <DeletionSummary takes={takes} />
        </ConfirmDialog>
      )}
    </div>
  );
}
