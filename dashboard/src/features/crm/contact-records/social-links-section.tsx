import { addSocialLinkSchema, addSocialProfileForm, enumLabel } from '@meridian/domain';
import { contactCalls } from '../../../api';
import { DefinitionForm } from '../definition-form';
import { RecordRow, RecordsCard, SmallButton } from '../record-list';
import { useRecordAction } from '../use-form';
import { useCan } from '../../platform/auth/use-can';
import type { SectionProps } from './record-section';

export function SocialLinksSection({ contact, onChange }: SectionProps) {
  const action = useRecordAction(onChange);
  const canWrite = useCan()('CRM_WRITE');
  return (
    <RecordsCard
      title="Social profiles"
      testId="social-links"
      error={action.error}
      items={contact.socialLinks}
      empty="No social profile yet."
      row={(link) => (
        <RecordRow
          key={link.id}
          testId="social-link-row"
          actions={
            canWrite && (
              <SmallButton onClick={() => action.run(() => contactCalls.removeSocialLink(contact.id, link.id))}>
                Remove
              </SmallButton>
            )
          }
        >
          <span className="text-tremor-content">{enumLabel('ContactLinkType', link.type)}</span>
          <a
            className="truncate text-tremor-brand hover:underline"
            href={link.url}
            target="_blank"
            rel="noreferrer noopener"
          >
            {link.url}
          </a>
        </RecordRow>
      )}
    >
      {canWrite && (
        <DefinitionForm
          key={contact.socialLinks.length}
          definition={addSocialProfileForm}
          schema={addSocialLinkSchema}
          send={(body) => contactCalls.addSocialLink(contact.id, body)}
          onDone={onChange}
          title={null}
        />
      )}
    </RecordsCard>
  );
}
