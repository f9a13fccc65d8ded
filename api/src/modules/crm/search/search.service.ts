import { Inject, Injectable } from '@nestjs/common';
import {
  recordKindLabel,
  recordKindsNamed,
  type ContactType,
  type GlobalSearchQuery,
  type GlobalSearchResult,
} from '@meridian/domain';
import { NotesService } from '../../practice/notes/index.js';
import { SearchRepository } from './search.repository.js';

function displayName(row: { firstName: string; lastName: string; preferredName: string | null }): string {
  return `${row.preferredName ?? row.firstName} ${row.lastName}`;
}

function household(row: { householdId: string | null; householdName: string | null }) {
  return row.householdId && row.householdName !== null ? { id: row.householdId, name: row.householdName } : null;
}

/**
 * The command palette's search over contacts, households, persons, financial records and notes
 * (the five kinds at once).
 */
@Injectable()
export class SearchService {
  constructor(
    @Inject(SearchRepository) private readonly search: SearchRepository,
    @Inject(NotesService) private readonly notes: NotesService,
  ) {}

  async find(query: GlobalSearchQuery): Promise<GlobalSearchResult> {
    // The trigram indexes hold lower-cased text; the term is matched the same way.
    const term = query.q.toLowerCase();
    const [contacts, households, persons, records, notes] = await Promise.all([
      this.search.contacts(term, query.limit),
      this.search.households(term, query.limit),
      this.search.persons(term, query.limit),
      this.search.financialRecords(term, recordKindsNamed(term), query.limit),
      // Notes by their words (full text, English and French), as GET /notes/search finds them.
      this.notes.search({ q: query.q, limit: query.limit }),
    ]);
    return {
      contacts: contacts.map((row) => ({
        id: row.id,
        name: displayName(row),
        type: row.type as ContactType,
        email: row.email,
        phone: row.phone === null ? null : `+${row.phoneCountryCode ?? ''} ${row.phone}`,
        household: household(row),
      })),
      households: households.map((row) => ({
        id: row.id,
        name: row.name,
        advisor: row.advisor,
        memberNames: row.memberNames,
      })),
      persons: persons.map((row) => ({
        id: row.id,
        name: displayName(row),
        dateOfBirth: row.dateOfBirth ? row.dateOfBirth.toISOString().slice(0, 10) : null,
        household: household(row),
      })),
      financialRecords: records.map((row) => {
        const kind = recordKindLabel(row);
        return {
          id: row.id,
          label: row.nickname ?? row.name ?? kind,
          type: row.type,
          kind,
          institution: row.institution,
          household: { id: row.householdId, name: row.householdName },
        };
      }),
      notes,
    };
  }
}
