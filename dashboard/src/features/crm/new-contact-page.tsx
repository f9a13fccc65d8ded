import { useId, useState } from 'react';
import { Card } from '@tremor/react';
import { useNavigate } from 'react-router';
import {
  createContactForm,
  createContactSchema,
  createLeadForm,
  createLeadSchema,
  type ContactResponse,
} from '@meridian/domain';
import { createContact, createLead } from '../../api';
import { SelectInput } from '../../components/fields';
import { useSessionUser } from '../platform/auth/auth-context';
import { DefinitionForm } from './definition-form';
import { useDuplicateGuard } from './possible-duplicates';
import { useTeamOptions } from './teams';

/**
 * The create-lead and create-contact forms of crm §2, with their defaults (LEAD / INBOUND /
 * LinkedIn, phone country code 1, MOBILE). The team is the user's own, chosen here when they have
 * several.
 */
export default function NewContactPage({ kind }: { kind: 'lead' | 'contact' }) {
  const id = useId();
  const navigate = useNavigate();
  const user = useSessionUser();
  const teams = useTeamOptions();
  const [teamId, setTeamId] = useState(user.teamIds[0] ?? '');
  const definition = kind === 'lead' ? createLeadForm : createContactForm;
  const created = (contact: ContactResponse | undefined) => {
    if (!contact) return;
    if (kind === 'lead') navigate('/crm/leads', { state: { created: contact.name.display } });
    else navigate(`/crm/contacts/${contact.id}`);
  };
  const duplicates = useDuplicateGuard<ContactResponse>(created);

  return (
    <Card className="max-w-3xl" data-testid={`new-${kind}-page`}>
      {duplicates.warning}
      <DefinitionForm
        definition={definition}
        schema={kind === 'lead' ? createLeadSchema : createContactSchema}
        send={duplicates.guard(kind === 'lead' ? createLead : createContact)}
        extraBody={{ teamId }}
        beforeFieldNames={['teamId']}
        before={(errors) =>
          teams.length > 1 || errors.teamId ? (
            <SelectInput
              id={`${id}-team`}
              label="Team"
              value={teamId}
              onChange={setTeamId}
              options={teams}
              error={errors.teamId}
              testId={`${definition.id}-teamId`}
              required
              className="sm:col-span-2"
            />
          ) : null
        }
        onDone={created}
        onCancel={() => navigate(-1)}
      />
    </Card>
  );
}
