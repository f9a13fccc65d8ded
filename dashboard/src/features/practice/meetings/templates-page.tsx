import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Callout, Card } from '@tremor/react';
import { wordList } from '@meridian/domain';
import { toApiError } from '../../../api';
import { meetingTemplateCalls, type MeetingTemplateView } from '../../../api/meetings';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectInput } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../../platform/auth/auth-context';
import { useCan } from '../../platform/auth/use-can';
import { useTeamOptions } from '../../crm/teams';
import { draftOf, newDraft } from './template-draft';
import { TemplateEditor } from './template-editor';
import { formatMinutes } from './zoned-time';

/** The public page a template's clients book on (no login). */
export const bookingPagePath = (template: MeetingTemplateView) => `/book/${template.configId ?? template.id}`;

/** "Monday to Friday 09:00 to 17:00"-style lines of a template's opening hours. */
function hoursLines(template: MeetingTemplateView): string[] {
  return template.openingHours.map((entry) => `${wordList(entry.dayLabels, 'and')}: ${entry.start} to ${entry.end}`);
}

/** Whether clients can book it now, in a sentence (the calendar it books into). */
function SchedulingLine({ template }: { template: MeetingTemplateView }) {
  const load = useCallback(
    (signal: AbortSignal) => meetingTemplateCalls.schedulingStatus(template.configId ?? template.id, signal),
    [template.configId, template.id],
  );
  const { data } = useResource(load);
  if (!data) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-2 text-tremor-label text-tremor-content"
      data-testid="template-status"
    >
      <Badge color={data.bookable ? 'emerald' : 'amber'}>{data.stateLabel}</Badge>
      {data.message}
    </p>
  );
}

function TemplateCard({
  template,
  canWrite,
  canDelete,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  template: MeetingTemplateView;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  return (
    <li>
      <Card className="space-y-2 p-4" data-testid="template-card" data-template-title={template.title}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{template.title}</h2>
            <p className="text-tremor-default text-tremor-content">
              {formatMinutes(template.duration)} · {template.timeZoneLabel} time · bookable{' '}
              {template.availableDaysInFuture} day{template.availableDaysInFuture === 1 ? '' : 's'} ahead ·{' '}
              {template.minimumNotice === 0 ? 'no notice needed' : `${formatMinutes(template.minimumNotice)} notice`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to={bookingPagePath(template)}
              target="_blank"
              className="rounded-tremor-small px-2 py-1 text-tremor-default font-medium text-tremor-brand hover:underline"
              data-testid="template-booking-link"
            >
              Open booking page
            </Link>
            {canWrite && (
              <>
                <Button size="xs" variant="secondary" onClick={onEdit} data-testid="template-edit">
                  Edit
                </Button>
                <Button size="xs" variant="secondary" onClick={onDuplicate} data-testid="template-duplicate">
                  Duplicate
                </Button>
              </>
            )}
            {canDelete && (
              <Button size="xs" variant="secondary" color="rose" onClick={onDelete} data-testid="template-delete">
                Delete
              </Button>
            )}
          </div>
        </div>
        {template.message && <p className="text-tremor-default text-tremor-content-emphasis">{template.message}</p>}
        <ul className="text-tremor-default text-tremor-content-emphasis" data-testid="template-hours-summary">
          {hoursLines(template).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {(template.beforeBuffer > 0 || template.afterBuffer > 0) && (
          <p className="text-tremor-label text-tremor-content">
            Free time kept: {formatMinutes(template.beforeBuffer)} before, {formatMinutes(template.afterBuffer)} after
          </p>
        )}
        <SchedulingLine template={template} />
      </Card>
    </li>
  );
}

type Editing = { mode: 'new' } | { mode: 'edit'; template: MeetingTemplateView };

/**
 * A team's booking templates (crm §7 Meetings): the list with each one's hours and booking page,
 * and the editor (create, edit) with its live preview; duplicate and delete.
 */
export default function TemplatesPage() {
  const user = useSessionUser();
  const teams = useTeamOptions();
  const can = useCan();
  const [teamId, setTeamId] = useState(user.teamIds[0] ?? '');
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<MeetingTemplateView>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const load = useCallback(
    (signal: AbortSignal) =>
      teamId
        ? Promise.all([meetingTemplateCalls.byTeam(teamId, signal), meetingTemplateCalls.timeZones(signal)])
        : Promise.resolve(undefined),
    [teamId],
  );
  const resource = useResource(load);
  const [templates, timeZones] = resource.data ?? [];

  if (!teamId) {
    return (
      <Callout color="gray" title="You are on no team yet">
        Booking templates belong to a team. Ask your firm’s administrator to add you to one.
      </Callout>
    );
  }

  async function duplicate(template: MeetingTemplateView) {
    setFailure(undefined);
    try {
      const copy = await meetingTemplateCalls.duplicate(template.id);
      setNotice(`“${copy.title}” was made from “${template.title}”.`);
      resource.reload();
    } catch (error) {
      setFailure(toApiError(error).message);
    }
  }

  const defaultZone = timeZones?.find((zone) => zone.value === 'America/Toronto')?.value ?? timeZones?.[0]?.value;
  return (
    <div className="space-y-4" data-testid="templates-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Booking templates</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">
            Each template is a booking page clients open to choose a time with your team.
          </p>
        </div>
        <div className="flex items-end gap-3">
          {teams.length > 1 && (
            <div className="w-56">
              <SelectInput
                id="templates-team"
                label="Team"
                value={teamId}
                options={teams}
                onChange={setTeamId}
                testId="templates-team"
              />
            </div>
          )}
          {can('PRACTICE_WRITE') && !editing && timeZones && (
            <Button onClick={() => setEditing({ mode: 'new' })} data-testid="template-new">
              New template
            </Button>
          )}
        </div>
      </div>
      {notice && (
        <Callout color="emerald" title={notice} data-testid="templates-notice">
          {null}
        </Callout>
      )}
      {failure && <Callout color="rose" title={failure} role="alert" />}
      {resource.error && (
        <Callout color="red" title="The templates could not be loaded">
          {resource.error.message}
        </Callout>
      )}
      {editing && timeZones && defaultZone && (
        <TemplateEditor
          key={editing.mode === 'edit' ? editing.template.id : 'new'}
          teamId={teamId}
          editing={editing.mode === 'edit' ? editing.template : undefined}
          initial={editing.mode === 'edit' ? draftOf(editing.template) : newDraft(defaultZone)}
          timeZones={timeZones}
          onCancel={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            setNotice(`“${saved.title}” was saved.`);
            resource.reload();
          }}
        />
      )}
      {!templates && !resource.error && <LoadingState />}
      {templates && templates.length === 0 && !editing && (
        <Card className="p-6 text-center" data-testid="templates-empty">
          <p className="text-tremor-default text-tremor-content-strong">This team has no booking template yet.</p>
          <p className="mt-1 text-tremor-default text-tremor-content">
            Make one: give it a title, a duration and your opening hours, and share its booking page with clients.
          </p>
        </Card>
      )}
      {templates && templates.length > 0 && (
        <ul className="space-y-3" data-testid="templates-list">
          {templates.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              canWrite={can('PRACTICE_WRITE')}
              canDelete={can('PRACTICE_DELETE')}
              onEdit={() => {
                setNotice(undefined);
                setEditing({ mode: 'edit', template });
              }}
              onDuplicate={() => void duplicate(template)}
              onDelete={() => setDeleting(template)}
            />
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          testId="template-delete-dialog"
          confirmLabel="Delete template"
          action={() => meetingTemplateCalls.remove(deleting.id)}
          onClose={() => setDeleting(undefined)}
          onDone={() => {
            setNotice(`“${deleting.title}” was deleted; its booking page no longer opens.`);
            setDeleting(undefined);
            resource.reload();
          }}
        >
          Its booking page stops working at once. A template through which meetings were booked is kept.
        </ConfirmDialog>
      )}
    </div>
  );
}
