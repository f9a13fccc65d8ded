import { type FormEvent, useEffect, useState } from 'react';
import { Button, Dialog, DialogPanel } from '@tremor/react';
import { useNavigate } from 'react-router';
import { convertLeadSchema, enumerationOptions, type ContactResponse } from '@meridian/domain';
import { convertLead, deleteContact, listHouseholds } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessages, InputField, SelectInput } from '../../components/fields';
import { useCan } from '../platform/auth/use-can';
import { useForm } from './use-form';

type HouseholdChoice = 'NEW' | 'EXISTING';

/** Households whose name matches what is typed, as options of a select. */
function useHouseholdOptions(search: string) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    listHouseholds({ search: search || undefined, limit: 20 }, controller.signal)
      .then((page) =>
        setOptions(
          page.items.map((item) => ({
            value: item.id,
            label: `${item.name} (${item.memberCount} ${item.memberCount === 1 ? 'member' : 'members'})`,
          })),
        ),
      )
      .catch(() => setOptions([]));
    return () => controller.abort();
  }, [search]);
  return options;
}

/** Convert a lead: the household it joins (new, named here, or existing) and its role in the family. */
function ConvertDialog({
  contact,
  onDone,
  onClose,
}: {
  contact: ContactResponse;
  onDone: (contact: ContactResponse) => void;
  onClose: () => void;
}) {
  const form = useForm(
    {
      choice: 'NEW' as HouseholdChoice,
      name: `${contact.name.last} household`,
      search: '',
      householdId: '',
      role: 'HEAD',
    },
    ['household', 'household.name', 'household.householdId', 'role'],
  );
  const options = useHouseholdOptions(form.values.choice === 'EXISTING' ? form.values.search : '');

  async function convert(event: FormEvent) {
    event.preventDefault();
    const { choice, name, householdId, role } = form.values;
    const body = { household: choice === 'NEW' ? { kind: choice, name } : { kind: choice, householdId }, role };
    const result = await form.submit(body, convertLeadSchema, (payload) => convertLead(contact.id, payload));
    if (result) onDone(result);
  }

  return (
    <Dialog open onClose={onClose} static aria-label="Convert to client">
      <DialogPanel className="max-w-lg" data-testid="convert-dialog">
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">
          Convert {contact.name.display} to a client
        </h2>
        <p className="mt-2 text-tremor-default text-tremor-content">
          The lead becomes a client in a household. It keeps its tags, e-mails, phones, notes and history; its lead is
          marked qualified.
        </p>
        <form onSubmit={convert} noValidate className="mt-4 space-y-4" aria-label="Convert to client">
          <fieldset className="space-y-2">
            <legend className="text-tremor-default font-medium text-tremor-content-strong">Household</legend>
            {(['NEW', 'EXISTING'] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-tremor-default">
                <input
                  type="radio"
                  name="household-choice"
                  value={choice}
                  checked={form.values.choice === choice}
                  onChange={() => form.set('choice', choice)}
                  data-testid={`convert-${choice.toLowerCase()}`}
                />
                {choice === 'NEW' ? 'A new household' : 'An existing household'}
              </label>
            ))}
          </fieldset>
          {form.values.choice === 'NEW' ? (
            <InputField
              label="New household’s name"
              required
              {...form.field('name')}
              error={form.errors.fields['household.name']}
              testId="convert-household-name"
            />
          ) : (
            <>
              <InputField
                label="Find a household"
                {...form.field('search')}
                placeholder="Household name"
                testId="convert-household-search"
              />
              <SelectInput
                label="Household"
                required
                options={options}
                emptyLabel="Choose a household"
                {...form.field('householdId')}
                error={form.errors.fields['household.householdId']}
                testId="convert-household"
              />
            </>
          )}
          <SelectInput
            label="Family role"
            options={enumerationOptions('FamilyMemberRole')}
            {...form.field('role')}
            testId="convert-role"
          />
          <FormMessages
            messages={[...(form.errors.fields.household ? [form.errors.fields.household] : []), ...form.errors.form]}
            testId="convert-error"
          />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.pending} data-testid="convert-submit">
              Convert to client
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog>
  );
}

/**
 * A contact's lifecycle actions: convert a lead to a client (CRM_WRITE), delete (CRM_DELETE;
 * restorable by an admin). A role without either sees neither.
 */
export function ContactActions({
  contact,
  onChange,
}: {
  contact: ContactResponse;
  onChange: (contact: ContactResponse) => void;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'convert' | 'delete'>();
  const can = useCan();
  if (!can('CRM_WRITE') && !can('CRM_DELETE')) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {contact.type === 'LEAD' && can('CRM_WRITE') && (
        <Button onClick={() => setDialog('convert')} data-testid="convert-lead">
          Convert to client
        </Button>
      )}
      {can('CRM_DELETE') && (
        <Button variant="secondary" color="rose" onClick={() => setDialog('delete')} data-testid="delete-contact">
          Delete
        </Button>
      )}
      {dialog === 'convert' && (
        <ConvertDialog
          contact={contact}
          onDone={(converted) => {
            setDialog(undefined);
            onChange(converted);
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${contact.name.display}?`}
          testId="delete-contact-dialog"
          confirmLabel="Delete contact"
          action={() => deleteContact(contact.id)}
          onDone={() => navigate('/crm/contacts', { state: { deleted: contact.name.display } })}
          onClose={() => setDialog(undefined)}
        >
          The contact disappears from lists, search, reports and its household, with its e-mails, phones, tags and
          history kept out of sight. Its person stays a member of the household. An administrator can restore it from
          Deleted records.
        </ConfirmDialog>
      )}
    </div>
  );
}
