import { TaskOwnerKind } from '../../practice/tasks/enums.js';
import { DomainError, ErrorCode, validationError } from '../../shared/errors/domain-error.js';
import { assertCanonicalId, isCanonicalId, parseId } from '../../shared/ids/canonical-id.js';
import { ENTITY_KIND_LABELS, type EntityKind } from '../../shared/ids/entity-kinds.js';
import { INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE } from '../../shared/input/mentions.js';

/**
 * The entity kinds a reference to "an entity of some kind" may name and the API's resolver can
 * look up (one query per kind). A kind's canonical-id prefix is its lower-cased name
 * (`TEAM_MEMBER` -> `team_member-…`, foundations §3), so an id says its kind by itself. A kind
 * joins this list when the resolver learns its table.
 */
export const ReferenceKind = [
  'TEAM',
  'USER',
  'TEAM_MEMBER',
  'PROFESSIONAL',
  'HOUSEHOLD',
  'PERSON',
  'CONTACT',
  'CORPORATION',
  'TRUST',
  'FOUNDATION',
  'GROUP',
] as const satisfies readonly EntityKind[];
export type ReferenceKind = (typeof ReferenceKind)[number];

const KIND_BY_PREFIX: ReadonlyMap<string, ReferenceKind> = new Map(
  ReferenceKind.map((kind) => [referencePrefix(kind), kind]),
);

/** The canonical-id prefix of a kind: `TEAM_MEMBER` -> `team_member`. */
export function referencePrefix(kind: ReferenceKind): string {
  return kind.toLowerCase();
}

/** The kind an id names, or null when it is not a canonical id of a kind the resolver knows. */
export function referenceKindOf(id: unknown): ReferenceKind | null {
  if (!isCanonicalId(id)) return null;
  return KIND_BY_PREFIX.get(parseId(id).type) ?? null;
}

/** Where a reference is taken: the kinds it may name, and how its refusals read. */
export interface ReferenceUse {
  readonly kinds: readonly ReferenceKind[];
  /**
   * The spec's sentence for an id of a kind this use does not take, where the spec has one. Without
   * it the refusal is foundations §5's: a message naming the passed and the allowed types.
   */
  readonly wrongKind?: string;
  /** What a 404 calls a missing one ("Owner not found"); by default its kind's label ("Person not found"). */
  readonly notFoundAs?: string;
}

/** The owners of tasks, notes and documents (crm §3: the task owner kinds). */
const OWNER: ReferenceUse = { kinds: TaskOwnerKind };

/** Which kinds each reference of the product may name. */
export const ReferenceUse = {
  taskOwner: OWNER,
  noteOwner: OWNER,
  documentOwner: OWNER,
  /** A task is assigned to a member of the team or to a client's person (the task's two assignee columns). */
  taskAssignee: { kinds: ['TEAM_MEMBER', 'PERSON'] },
  /** Mentions take any mentionable kind (foundations §5); these are the ones that can be looked up. */
  mention: { kinds: ReferenceKind, wrongKind: INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE },
  /** Meeting participants of the roles CONTACT and TEAM_MEMBER (an EXTERNAL one is only an e-mail). */
  meetingParticipant: { kinds: ['TEAM_MEMBER', 'CONTACT'] },
  /** A proposal's recipients are persons (crm §5: 'Person is required'). */
  proposalRecipient: { kinds: ['PERSON'] },
  /** `GET /connections/by-owner/{owner}`: a professional, household or team. */
  connectionOwner: { kinds: ['PROFESSIONAL', 'HOUSEHOLD', 'TEAM'], notFoundAs: 'Owner' },
  /** The entities that carry custom field values. */
  customFieldOwner: { kinds: ['CONTACT', 'HOUSEHOLD'] },
  timelineHousehold: { kinds: ['HOUSEHOLD'] },
  timelinePerson: { kinds: ['PERSON'] },
  /** Whom a workflow is started for, and the team it is started in. */
  workflowHousehold: { kinds: ['HOUSEHOLD'] },
  workflowPerson: { kinds: ['PERSON'] },
  workflowTeam: { kinds: ['TEAM'] },
  /** The kinds the audit trail names by their current name (others by the name in their snapshot). */
  auditName: { kinds: ['CONTACT', 'HOUSEHOLD', 'PERSON', 'USER'] },
} as const satisfies Record<string, ReferenceUse>;

/** The label a 404 gives a missing reference of `kind` in `use`. */
export function referenceNotFoundLabel(use: ReferenceUse, kind: ReferenceKind): string {
  return use.notFoundAs ?? ENTITY_KIND_LABELS[kind];
}

/**
 * The kind of `id`, one `use` takes, or the DomainError a route answers with 400: the spec's
 * sentence for the use when it has one (a VALIDATION_ERROR at `path`), else foundations §5's
 * ERR_INVALID_CANONICAL_ID naming the passed and the allowed types.
 */
export function referenceKind(id: string, use: ReferenceUse, path = ''): ReferenceKind {
  const kind = referenceKindOf(id);
  if (kind !== null && use.kinds.includes(kind)) return kind;
  if (use.wrongKind !== undefined) throw validationError([{ path, message: use.wrongKind }]);
  assertCanonicalId(id, use.kinds.map(referencePrefix));
  // Not reached: the id's prefix is not among the use's, so the assertion has thrown.
  throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, `Unexpected reference kind "${parseId(id).type}"`);
}

/** The kind of each of `ids` (see `referenceKind`). */
export function referenceKinds(ids: Iterable<string>, use: ReferenceUse, path = ''): Map<string, ReferenceKind> {
  return new Map([...ids].map((id) => [id, referenceKind(id, use, path)]));
}
