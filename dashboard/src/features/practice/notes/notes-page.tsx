import { useCallback } from 'react';
import { Callout, Card } from '@tremor/react';
import { Link, useSearchParams } from 'react-router';
import { enumLabel, type NoteSearchHit } from '@meridian/domain';
import { noteCalls } from '../../../api/notes';
import { LoadingState } from '../../../components/full-page-status';
import { RelativeTime } from '../../../components/relative-time';
import { useDebounced } from '../../../components/use-debounced';
import { useResource } from '../../../hooks/use-resource';
import { SearchPageHeader } from '../search-page-header';
import { plainNoteText } from './mention-text';
import { notePath } from './note-path';

const RESULTS = 50;

function NoteHit({ note }: { note: NoteSearchHit }) {
  const path = notePath(note);
  const title = note.title ?? plainNoteText(note.excerpt);
  return (
    <li className="py-3" data-testid="note-hit">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {path ? (
          <Link to={path} className="font-medium text-tremor-brand hover:underline" data-testid="note-hit-link">
            {title}
          </Link>
        ) : (
          <span className="font-medium text-tremor-content-strong">{title}</span>
        )}
        <span className="text-tremor-label text-tremor-content">
          <RelativeTime value={note.date} />
        </span>
      </div>
      <p className="mt-0.5 text-tremor-default text-tremor-content">
        About {note.owner.name}{' '}
        <span className="text-tremor-content-subtle">({enumLabel('TaskOwnerKind', note.owner.kind)})</span>
      </p>
      {note.title ? (
        <p className="mt-1 text-tremor-default text-tremor-content-emphasis">{plainNoteText(note.excerpt)}</p>
      ) : null}
    </li>
  );
}

/**
 * The firm's notes found by their words (English or French forms), best first, each linking to
 * the page it is read on. The words are in the URL (`?q=`), so a search can be shared or kept.
 */
export default function NotesPage() {
  const [params, setParams] = useSearchParams();
  const words = params.get('q') ?? '';
  const settled = useDebounced(words.trim(), 250);
  const load = useCallback(
    (signal: AbortSignal) => (settled ? noteCalls.search(settled, RESULTS, signal) : Promise.resolve(null)),
    [settled],
  );
  const found = useResource(load);
  const hits = found.data;
  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="notes-page">
      <SearchPageHeader
        title="Notes"
        intro="Search every note of your households and contacts by its words. A note is written from its household’s or contact’s page, under Notes."
        searchLabel="Words to find"
        placeholder="For example: beneficiary review, RRIF, renouvellement"
        words={words}
        onWords={(value) => setParams(value ? { q: value } : {}, { replace: true })}
        testId="notes"
      />
      {found.error && (
        <Callout color="red" title="The search could not be run">
          {found.error.message}
        </Callout>
      )}
      {!settled && (
        <Card data-testid="notes-idle">
          <p className="text-tremor-default text-tremor-content">
            Type a word or two: a note is found by any form of its words, in English or French (“reviewed” finds
            “review”).
          </p>
        </Card>
      )}
      {settled && !hits && !found.error && <LoadingState />}
      {settled && hits && (
        <Card data-testid="notes-results">
          <p className="text-tremor-default text-tremor-content" data-testid="notes-count">
            {hits.length === 0
              ? `No note has these words. Try fewer words, or another form of them.`
              : hits.length === RESULTS
                ? `The ${RESULTS} best matches. Add a word to narrow the search.`
                : `${hits.length} ${hits.length === 1 ? 'note' : 'notes'} found, best first.`}
          </p>
          {hits.length > 0 && (
            <ul className="mt-2 divide-y divide-tremor-border" data-testid="notes-hits">
              {hits.map((note) => (
                <NoteHit key={note.id} note={note} />
              ))}
            </ul>
          )}
        </Card>
      )}
    </div>
  );
}
