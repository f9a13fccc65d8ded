import { useCallback } from 'react';
import { getTeam } from '../../api';
import type { Option } from '../../components/fields';
import { useResource } from '../../hooks/use-resource';
import { useSessionUser } from '../platform/auth/auth-context';

/** The signed-in user's teams as choices (name by id), for team filters and the team of a new record. */
export function useTeamOptions(): Option[] {
  const user = useSessionUser();
  const key = user.teamIds.join(',');
  const load = useCallback(
    (signal: AbortSignal) =>
      Promise.all(
        key
          .split(',')
          .filter(Boolean)
          .map((teamId) => getTeam(teamId, signal).then((team) => ({ value: team.id, label: team.name }))),
      ),
    [key],
  );
  const { data } = useResource(load);
  // Until the names arrive there is nothing to choose: an id is no name to show.
  return data ?? [];
}
