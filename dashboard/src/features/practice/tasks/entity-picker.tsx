import { useEffect, useId, useState } from 'react';
import { enumLabel, type AssignableEntity } from '@meridian/domain';
import { InputField } from '../../../components/fields';
import { useDebounced } from '../../../components/use-debounced';
import { SmallButton } from '../../crm/record-list';
import { taskCalls } from './tasks-api';

/**
 * The people of a team a task may go to or mention (its members first, then its households'
 * persons), searched by name as the user types; each result says which kind it is so a member and
 * a client of the same name are told apart.
 */
function useAssignable(teamId: string, search: string, entityType?: 'TEAM_MEMBER' | 'PERSON') {
  const [found, setFound] = useState<AssignableEntity[]>();
  const settled = useDebounced(search.trim(), 200);
  useEffect(() => {
    if (!teamId) return;
    const controller = new AbortController();
    taskCalls
      .assignable(
        teamId,
        { ...(settled ? { search: settled } : {}), ...(entityType ? { entityType } : {}) },
        controller.signal,
      )
      .then((page) => setFound(page.items))
      .catch(() => {
        if (!controller.signal.aborted) setFound([]);
      });
    return () => controller.abort();
  }, [teamId, settled, entityType]);
  return found;
}

function Options({
  found,
  onPick,
  none,
  testId,
}: {
  found: AssignableEntity[] | undefined;
  onPick: (entity: AssignableEntity) => void;
  none: string;
  testId: string;
}) {
  if (!found) return null;
  if (found.length === 0) {
    return (
      <p className="mt-1 text-tremor-label text-tremor-content" data-testid={`${testId}-none`}>
        {none}
      </p>
    );
  }
  return (
    <ul
      role="listbox"
      className="mt-1 max-h-56 divide-y divide-tremor-border overflow-y-auto rounded-tremor-default border border-tremor-border"
    >
      {found.map((entity) => (
        <li key={entity.id} role="option" aria-selected="false">
          <button
            type="button"
            className="w-full px-3 py-2 text-left text-tremor-default hover:bg-tremor-background-muted"
            onClick={() => onPick(entity)}
            data-testid={`${testId}-option`}
          >
            {entity.name}
            <span className="ml-2 text-tremor-content">{enumLabel('EntityKind', entity.kind)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Picks one assignee: shows the one picked with Change, or a search box and its results. */
export function AssigneePicker({
  teamId,
  picked,
  onPick,
  testId,
}: {
  teamId: string;
  picked: { id: string; name: string | null } | null;
  onPick: (entity: AssignableEntity | null) => void;
  testId: string;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [search, setSearch] = useState('');
  const found = useAssignable(editing || !picked ? teamId : '', search);
  if (picked && !editing) {
    return (
      <div>
        <p className="text-tremor-default font-medium text-tremor-content-strong">Assignee</p>
        <div className="mt-1 flex items-center gap-2 text-tremor-default" data-testid={`${testId}-picked`}>
          <span className="text-tremor-content-strong">{picked.name ?? 'Someone outside your teams'}</span>
          <SmallButton onClick={() => setEditing(true)} testId={`${testId}-change`}>
            Change
          </SmallButton>
        </div>
      </div>
    );
  }
  return (
    <div>
      <InputField
        id={`${id}-search`}
        label="Assignee"
        value={search}
        onChange={setSearch}
        placeholder="Search a team member or client by name"
        testId={`${testId}-search`}
      />
      <Options
        found={found}
        none="Nobody of this team has that name; try part of a first or last name."
        testId={testId}
        onPick={(entity) => {
          setEditing(false);
          setSearch('');
          onPick(entity);
        }}
      />
    </div>
  );
}

/** An entity a task mentions, by the name its chip shows. */
export interface Mention {
  id: string;
  name: string;
}

/**
 * Mentions with autocomplete: typing "@" and a few letters of a team member's name lists the
 * matches; picking one adds them as a chip (they are notified when the task is saved, once: a
 * mention the task had already is not told again).
 */
export function MentionsField({
  teamId,
  mentions,
  onChange,
  testId,
}: {
  teamId: string;
  mentions: readonly Mention[];
  onChange: (mentions: Mention[]) => void;
  testId: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const query = /^@?(.*)$/.exec(text.trim())?.[1] ?? '';
  const found = useAssignable(text.trim() ? teamId : '', query, 'TEAM_MEMBER');
  const shown = found?.filter((entity) => !mentions.some((mention) => mention.id === entity.id));
  return (
    <div>
      <InputField
        id={`${id}-mentions`}
        label="Mention"
        value={text}
        onChange={setText}
        placeholder="Type @ and a colleague’s name"
        hint="A mentioned colleague is notified when the task is saved."
        testId={`${testId}-search`}
      />
      {text.trim() && (
        <Options
          found={shown}
          none="No team member has that name."
          testId={testId}
          onPick={(entity) => {
            setText('');
            onChange([...mentions, { id: entity.id, name: entity.name }]);
          }}
        />
      )}
      {mentions.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Mentioned">
          {mentions.map((mention) => (
            <li
              key={mention.id}
              className="flex items-center gap-1 rounded-tremor-full bg-tremor-brand-faint px-2 py-0.5 text-tremor-label text-tremor-brand-emphasis"
              data-testid={`${testId}-chip`}
            >
              @{mention.name}
              <button
                type="button"
                aria-label={`Remove ${mention.name}`}
                className="px-1 hover:text-tremor-content-strong"
                onClick={() => onChange(mentions.filter((item) => item.id !== mention.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
