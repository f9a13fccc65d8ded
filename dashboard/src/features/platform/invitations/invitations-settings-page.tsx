import { useEffect, useId, useState } from 'react';
import { useSessionUser } from '../auth/auth-context';
import { SelectInput } from '../../../components/fields';
import { getTeam } from './invitations-api';
import { InvitationsPanel } from './invitations-panel';

/** Until the Teams settings page mounts the panel, invitations have this page of their own. */
export default function InvitationsSettingsPage() {
  const user = useSessionUser();
  const ids = useId();
  const [teamId, setTeamId] = useState(user.teamIds[0] ?? '');
  const [teamNames, setTeamNames] = useState<Record<string, string>>({});

  useEffect(() => {
    if (user.teamIds.length < 2) return;
    const controller = new AbortController();
    void Promise.all(user.teamIds.map((id) => getTeam(id, controller.signal).then((team) => [id, team.name] as const)))
      .then((entries) => setTeamNames(Object.fromEntries(entries)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [user.teamIds]);

  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold text-tremor-content-strong">Invite your team</h1>
      {user.teamIds.length > 1 && (
        <SelectInput
          id={`${ids}-team`}
          label="Team"
          value={teamId}
          onChange={setTeamId}
          options={user.teamIds.map((id) => ({ value: id, label: teamNames[id] ?? 'Team' }))}
          testId="invitations-team"
          className="max-w-xs"
        />
      )}
      {teamId ? (
        <InvitationsPanel key={teamId} teamId={teamId} />
      ) : (
        <p className="text-tremor-default text-tremor-content">
          You are not in a team yet: ask an administrator to add you to one before inviting people.
        </p>
      )}
    </div>
  );
}
