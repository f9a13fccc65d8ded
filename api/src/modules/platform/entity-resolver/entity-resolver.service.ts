import { Inject, Injectable } from '@nestjs/common';
import {
  notFound,
  referenceKindOf,
  referenceKind,
  referenceNotFoundLabel,
  type ReferenceKind,
  type ReferenceUse,
} from '@meridian/domain';
import { EntityResolverRepository, type ResolvedEntity } from './entity-resolver.repository.js';

/** One id a request names, where it names it. */
export interface Reference {
  id: string;
  /** Which kinds this place takes (`ReferenceUse.taskOwner`...). */
  use: ReferenceUse;
  /** The body path of the id, for a refusal's details. */
  path?: string;
}

/**
 * The one way a module names "an entity of some kind" by its canonical id (task owners and
 * assignees, mentions, document owners, meeting participants, proposal recipients, custom field
 * owners, connection owners): kind, organization, team and name, one query per kind present, and
 * nothing for an id outside the caller's reach, so every route answers the same 404 for another
 * firm's or another team's entity as for one that never existed.
 */
@Injectable()
export class EntityResolver {
  constructor(@Inject(EntityResolverRepository) private readonly entities: EntityResolverRepository) {}

  /**
   * The entities `ids` name, by id. An id outside the caller's reach (another organization,
   * another team for a role limited to its own, a deleted contact, household or person), of a kind
   * the resolver does not know (or not in `kinds`, when given), or no id at all, is absent.
   */
  async resolve(ids: Iterable<string>, kinds?: readonly ReferenceKind[]): Promise<Map<string, ResolvedEntity>> {
    const byKind = new Map<ReferenceKind, string[]>();
    for (const id of new Set(ids)) {
      const kind = referenceKindOf(id);
      if (kind === null || (kinds !== undefined && !kinds.includes(kind))) continue;
      const same = byKind.get(kind);
      if (same) same.push(id);
      else byKind.set(kind, [id]);
    }
    const found = await Promise.all([...byKind].map(([kind, kindIds]) => this.entities.find(kind, kindIds)));
    return new Map(found.flat().map((entity) => [entity.id, entity]));
  }

  /**
   * Every reference, each of a kind its use takes and within the caller's reach, or the error the
   * route answers: 400 for a kind a use does not take (the spec's sentence where it has one), then
   * 404 for the first one not found (`Owner not found`, `Person not found`).
   */
  async require(references: Iterable<Reference>): Promise<Map<string, ResolvedEntity>> {
    const wanted = [...references].map(({ id, use, path }) => ({ id, use, kind: referenceKind(id, use, path) }));
    const found = await this.resolve(wanted.map(({ id }) => id));
    const missing = wanted.find(({ id }) => !found.has(id));
    if (missing) throw notFound(referenceNotFoundLabel(missing.use, missing.kind));
    return found;
  }

  /** One reference (see `require`). */
  async requireOne(id: string, use: ReferenceUse, path?: string): Promise<ResolvedEntity> {
    // `require` has thrown unless the id was found.
    return (await this.require([{ id, use, path }])).get(id)!;
  }

  /**
   * The names to show for the ids (a timeline's or the audit trail's), by id: those within the
   * caller's reach, of `kinds` when given. The others are left for the caller to name otherwise.
   */
  async displayNames(ids: Iterable<string>, kinds?: readonly ReferenceKind[]): Promise<Map<string, string>> {
    const found = await this.resolve(ids, kinds);
    return new Map([...found].map(([id, entity]) => [id, entity.name]));
  }
}
