import { useState } from 'react';
import { Button } from '@tremor/react';
import { useNavigate } from 'react-router';
import { toApiError } from '../../../api';
import { useCan } from '../../platform/auth/use-can';
import { opportunityCalls } from './pipeline-api';

/**
 * "Begin a sale" on a household's or a contact's page (SALES_WRITE; a lead's sale is the lead's): opens an opportunity for
 * them at the New stage and goes to its page. There is no list of a record's sales to link to
 * instead: the API answers the pipeline as counts.
 */
export function BeginSaleButton({
  subject,
}: {
  subject: { householdId: string } | { contactId: string } | { leadId: string };
}) {
  const navigate = useNavigate();
  const canWrite = useCan()('SALES_WRITE');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!canWrite) return null;

  async function begin() {
    setBusy(true);
    setError(undefined);
    try {
      const opportunity = await opportunityCalls.create(subject);
      void navigate(`/pipeline/${opportunity.id}`);
    } catch (failure) {
      setError(toApiError(failure).message);
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-3">
      {error && (
        <span role="alert" className="text-tremor-default text-red-600">
          {error}
        </span>
      )}
      <Button variant="secondary" loading={busy} onClick={() => void begin()} data-testid="begin-sale">
        Begin a sale
      </Button>
    </div>
  );
}
