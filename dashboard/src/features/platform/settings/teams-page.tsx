import { useCallback, useState } from 'react';
import { Button, Card, Text, Title } from '@tremor/react';
import { enumLabel, type TeamResponse, type TeamSummary } from '@meridian/domain';
import { toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InputField } from '../../../components/fields';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../auth/use-can';
import { settingsApi } from './settings-api';
import { InvitationsPanel } from '../invitations';

/** A one-field form (team name) that reports the API's message beside the field. */
function NameForm({
  id,
  label,
  initial,
  submitLabel,
  onSubmit,
}: {
  id: string;
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(name);
      // A creation form starts over; a rename shows the new name.
      if (initial === '') setName('');
    } catch (failure) {
      const apiError = toApiError(failure);
      setError(apiError.details[0]?.message ?? apiError.message);
    }
    setBusy(false);
  }
  return (
    <form
      className="flex items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <InputField id={id} label={label} testId={id} value={name} onChange={setName} error={error} className="flex-1" />
      <Button type="submit" loading={busy} data-testid={`${id}-submit`} className={error ? 'mb-6' : ''}>
        {submitLabel}
      </Button>
    </form>
  );
}

function TeamDetail({ teamId, onChanged }: { teamId: string; onChanged: () => void }) {
  const load = useCallback((signal: AbortSignal) => settingsApi.team(teamId, signal), [teamId]);
  const team = useResource(load);
  const [removing, setRemoving] = useState<TeamResponse['members'][number]>();
  // Renaming, removing members and invitations are the organization's managers' (ORGANIZATION_MANAGE).
  const canManage = useCan()('ORGANIZATION_MANAGE');
  return (
    <Card data-testid="team-detail">
      <Loaded resource={team} what="team">
        {(data) => {
          const adminCount = data.members.filter((member) => member.role === 'ADMIN').length;
          return (
            <div className="space-y-6">
              <h2 className="text-tremor-title font-semibold text-tremor-content-strong" data-testid="team-heading">
                {data.name}
              </h2>
              {canManage && (
                <NameForm
                  key={data.name}
                  id="team-name"
                  label="Team name"
                  initial={data.name}
                  submitLabel="Rename"
                  onSubmit={async (name) => {
                    await settingsApi.renameTeam(teamId, name);
                    team.reload();
                    onChanged();
                  }}
                />
              )}
              <div>
                <h3 className="text-tremor-default font-semibold text-tremor-content-strong">Members</h3>
                <ul className="mt-2 divide-y divide-tremor-border" data-testid="team-members">
                  {data.members.map((member) => (
                    <li key={member.id} className="flex items-center justify-between py-2">
                      <div>
                        <p className="text-tremor-default text-tremor-content-strong">{member.name}</p>
                        <p className="text-tremor-label text-tremor-content">
                          {member.email} · {enumLabel('UserRole', member.role)}
                        </p>
                      </div>
                      {/* The team's last administrator stays (the API refuses it too). */}
                      {canManage && !(member.role === 'ADMIN' && adminCount === 1) && (
                        <Button variant="light" color="rose" onClick={() => setRemoving(member)}>
                          Remove
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
                {data.members.length === 0 && (
                  <Text>
                    {canManage
                      ? 'This team has no members: invite someone below to give it an advisor.'
                      : 'This team has no members yet.'}
                  </Text>
                )}
              </div>
              {canManage && (
                <section aria-label="Pending invitations" data-testid="team-invitations-slot">
                  <InvitationsPanel teamId={teamId} />
                </section>
              )}
              {removing && (
                <ConfirmDialog
                  title="Remove team member"
                  testId="remove-member-dialog"
                  confirmLabel="Remove"
                  action={() => settingsApi.removeMember(teamId, removing.id)}
                  onDone={() => {
                    setRemoving(undefined);
                    team.reload();
                    onChanged();
                  }}
                  onClose={() => setRemoving(undefined)}
                >
                  {removing.name} will no longer see this team’s households and contacts. Their sign-in and their other
                  teams stay as they are.
                </ConfirmDialog>
              )}
            </div>
          );
        }}
      </Loaded>
    </Card>
  );
}

function TeamList({
  teams,
  selected,
  onSelect,
}: {
  teams: TeamSummary[];
  selected?: string;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-tremor-border" data-testid="team-list">
      {teams.map((team) => (
        <li key={team.id}>
          <button
            type="button"
            onClick={() => onSelect(team.id)}
            aria-current={team.id === selected ? 'true' : undefined}
            className={`flex w-full justify-between px-2 py-2 text-left text-tremor-default ${
              team.id === selected ? 'bg-tremor-background-subtle font-semibold' : 'hover:bg-tremor-background-subtle'
            }`}
          >
            <span>{team.name}</span>
            <span className="whitespace-nowrap text-tremor-content">
              {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function TeamsPage() {
  const canManage = useCan()('ORGANIZATION_MANAGE');
  const load = useCallback((signal: AbortSignal) => settingsApi.teams(signal), []);
  const teams = useResource(load);
  const [selected, setSelected] = useState<string>();
  const current = selected ?? teams.data?.[0]?.id;
  return (
    <div className="grid gap-6 md:grid-cols-[20rem_1fr]">
      <Card>
        <Title>Teams</Title>
        <Loaded resource={teams} what="teams">
          {(data) =>
            data.length === 0 ? (
              <Text>{canManage ? 'No teams yet: create the first one below.' : 'No teams yet.'}</Text>
            ) : (
              <TeamList teams={data} selected={current} onSelect={setSelected} />
            )
          }
        </Loaded>
        {canManage && (
          <div className="mt-6">
            <NameForm
              id="new-team-name"
              label="New team"
              initial=""
              submitLabel="Create"
              onSubmit={async (name) => {
                const created = await settingsApi.createTeam(name);
                teams.reload();
                setSelected(created.id);
              }}
            />
          </div>
        )}
      </Card>
      {current ? <TeamDetail key={current} teamId={current} onChanged={teams.reload} /> : null}
    </div>
  );
}
