import { useCallback, useId, useMemo, useState } from 'react';
import { Badge, Button, Callout, Card, Text, Title } from '@tremor/react';
import { IMPORT_FIELDS, IMPORT_PROFILES, ImportRecordKind, type ImportBatchView } from '@meridian/domain';
import {
  createImportProfile,
  listImportProfiles,
  putImportMapping,
  toApiError,
  type ApiError,
  type ImportMappingView,
} from '../../../api';
import { controlClass } from '../../../components/fields';
import { useResource } from '../../../hooks/use-resource';
import { formatCount } from '../../../lib/format';
import { KIND_LABELS, describeDetection, fieldLabel, formatBytes, kindLabel, sourceLabel } from './import-labels';
import { sampleText } from './import-report-parts';

/** The value of a header's select that leaves the column out of the import. */
const IGNORE = '';
const SOURCE_ID_FIELD = 'sourceId';

type Draft = Record<string, string>;

function isKind(kind: string): kind is ImportRecordKind {
  return (ImportRecordKind as readonly string[]).includes(kind);
}

function draftOf(mapping: ImportMappingView): Draft {
  return Object.fromEntries(mapping.headers.map((header) => [header, mapping.mapping[header] ?? IGNORE]));
}

function sourceIdHeaderOf(draft: Draft): string {
  return Object.keys(draft).find((header) => draft[header] === SOURCE_ID_FIELD) ?? '';
}

/** The mapping the API takes: every header, null for the ignored ones. */
function mappingBody(draft: Draft): Record<string, string | null> {
  return Object.fromEntries(Object.entries(draft).map(([header, field]) => [header, field === IGNORE ? null : field]));
}

/** Messages of a refused mapping, the ones about a column keyed by its header. */
function problemsOf(error: ApiError): { general: string[]; byHeader: Record<string, string> } {
  const byHeader: Record<string, string> = {};
  const general: string[] = [];
  for (const detail of error.details) {
    const header = detail.path.startsWith('mapping.') ? detail.path.slice('mapping.'.length) : undefined;
    if (header) byHeader[header] ??= detail.message;
    else general.push(detail.message);
  }
  if (error.details.length === 0) general.push(error.message);
  return { general, byHeader };
}

function Labelled({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-tremor-default font-medium text-tremor-content-strong">
        {label}
      </label>
      <div className="mt-1">{children(id)}</div>
    </div>
  );
}

function Detection({ batch, mapping }: { batch: ImportBatchView; mapping: ImportMappingView }) {
  const profileName = mapping.profileName;
  return (
    <Card role="region" aria-labelledby="detection-title">
      <Title id="detection-title">The file</Title>
      <dl className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-tremor-label text-tremor-content">Read as</dt>
          <dd className="mt-0.5 text-tremor-default text-tremor-content-strong" data-testid="import-detection">
            {describeDetection(batch).join(' · ') || '—'}
          </dd>
        </div>
        <div>
          <dt className="text-tremor-label text-tremor-content">Rows</dt>
          <dd className="mt-0.5 text-tremor-default tabular-nums text-tremor-content-strong" data-testid="import-rows">
            {formatCount(batch.rowCount ?? 0)}
            {batch.fileSize !== null && ` (${formatBytes(batch.fileSize)})`}
          </dd>
        </div>
        <div>
          <dt className="text-tremor-label text-tremor-content">Source system</dt>
          <dd className="mt-0.5 text-tremor-default text-tremor-content-strong">{sourceLabel(batch.source)}</dd>
        </div>
        <div>
          <dt className="text-tremor-label text-tremor-content">Profile</dt>
          <dd className="mt-0.5 text-tremor-default text-tremor-content-strong" data-testid="import-profile">
            {profileName ?? 'No profile matched these headers: map the columns below'}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** Choose a built-in profile or one the organization saved; the API checks the file has its columns. */
function ProfilePickers({
  batchId,
  onMapped,
  busy,
  setBusy,
}: {
  batchId: string;
  onMapped: (mapping: ImportMappingView) => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}) {
  const [builtIn, setBuiltIn] = useState('');
  const [saved, setSaved] = useState('');
  const [error, setError] = useState<ApiError>();
  const loadSaved = useCallback((signal: AbortSignal) => listImportProfiles(signal), []);
  const savedProfiles = useResource(loadSaved);

  async function apply(body: { profileId: string } | { customProfileId: string }) {
    setBusy(true);
    setError(undefined);
    try {
      onMapped(await putImportMapping(batchId, body));
    } catch (failure) {
      setError(toApiError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <ProfilePicker
          label="Built-in profile"
          placeholder="Choose a profile…"
          profiles={IMPORT_PROFILES}
          value={builtIn}
          onChange={setBuiltIn}
          action="Use profile"
          disabled={busy}
          onApply={() => void apply({ profileId: builtIn })}
        />
        {savedProfiles.data !== undefined && savedProfiles.data.length > 0 && (
          <ProfilePicker
            label="Saved profile"
            placeholder="Choose a saved profile…"
            profiles={savedProfiles.data}
            value={saved}
            onChange={setSaved}
            action="Use saved profile"
            disabled={busy}
            onApply={() => void apply({ customProfileId: saved })}
          />
        )}
      </div>
      {error && (
        <Callout title="The profile does not fit this file" color="rose" role="alert">
          {problemsOf(error).general.join(' ')}
        </Callout>
      )}
    </div>
  );
}

/**
 * Step 2: how the file was read, the suggested profile, and the column mapping: each header to a
 * field of the record kind (or ignored), which column holds the id at the source, a built-in or
 * saved profile instead, and saving this mapping as a profile for the next file.
 */
export function MappingStep({
  batch,
  mapping,
  onMapped,
  onContinue,
}: {
  batch: ImportBatchView;
  mapping: ImportMappingView;
  onMapped: (mapping: ImportMappingView) => void;
  onContinue: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(mapping));
  const [kind, setKind] = useState<ImportRecordKind>(isKind(batch.kind) ? batch.kind : 'contacts');
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [profileName, setProfileName] = useState('');
  const [savedAs, setSavedAs] = useState<string>();
  const editable = batch.status === 'PENDING' && (batch.stage === 'UPLOADED' || batch.stage === 'DRY_RUN_DONE');

  const fields = useMemo(() => Object.keys(IMPORT_FIELDS[kind]), [kind]);
  const sourceIdHeader = sourceIdHeaderOf(draft);
  const unmapped = mapping.headers.filter((header) => draft[header] === IGNORE);
  const problems = error ? problemsOf(error) : { general: [], byHeader: {} };

  function change(next: Draft) {
    setDraft(next);
    setDirty(true);
    setSavedAs(undefined);
  }

  function setField(header: string, field: string) {
    const next = { ...draft, [header]: field };
    // One column holds the source id: choosing it for this header takes it from any other.
    if (field === SOURCE_ID_FIELD) {
      for (const other of Object.keys(next))
        if (other !== header && next[other] === SOURCE_ID_FIELD) next[other] = IGNORE;
    }
    change(next);
  }

  function setSourceIdHeader(header: string) {
    const next: Draft = {};
    for (const [name, field] of Object.entries(draft)) next[name] = field === SOURCE_ID_FIELD ? IGNORE : field;
    if (header) next[header] = SOURCE_ID_FIELD;
    change(next);
  }

  function setRecordKind(next: ImportRecordKind) {
    setKind(next);
    // Fields of another kind mean nothing for this one.
    const allowed = new Set(Object.keys(IMPORT_FIELDS[next]));
    change(
      Object.fromEntries(Object.entries(draft).map(([header, field]) => [header, allowed.has(field) ? field : IGNORE])),
    );
  }

  function adopt(next: ImportMappingView) {
    setDraft(draftOf(next));
    setDirty(false);
    setError(undefined);
    onMapped(next);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(toApiError(failure));
    } finally {
      setBusy(false);
    }
  }

  /** The draft as the batch's mapping (the batch's kind stays unless changed here). */
  async function saveDraft(): Promise<ImportMappingView> {
    const body = {
      mapping: mappingBody(draft),
      sourceIdHeader: sourceIdHeader || null,
      ...(kind !== batch.kind ? { kind } : {}),
    };
    const saved = await putImportMapping(batch.id, body);
    adopt(saved);
    return saved;
  }

  function saveAndContinue() {
    void run(async () => {
      // An untouched mapping (a built-in or saved profile keeps its own transforms) is not saved
      // again: saving drops the dry run.
      if (dirty || Object.keys(mapping.mapping).length === 0) await saveDraft();
      onContinue();
    });
  }

  function saveAsProfile() {
    void run(async () => {
      const profile = await createImportProfile({
        name: profileName,
        kind,
        source: null,
        mapping: mappingBody(draft),
        sourceIdHeader: sourceIdHeader || null,
      });
      adopt(await putImportMapping(batch.id, { customProfileId: profile.id }));
      setSavedAs(profile.name);
      setProfileName('');
    });
  }

  return (
    <div className="space-y-6">
      <Detection batch={batch} mapping={mapping} />
      <Card role="region" aria-labelledby="mapping-title">
        <Title id="mapping-title">Columns</Title>
        <Text className="mt-1">
          Choose the field each column fills. Columns left on Ignore are not imported: the values under each column show
          what it holds.
        </Text>
        {!editable && (
          <Callout className="mt-3" title="This import was committed: its mapping can no longer change" color="gray" />
        )}
        <fieldset className="mt-4 space-y-4" disabled={!editable || busy}>
          <ProfilePickers batchId={batch.id} onMapped={adopt} busy={busy} setBusy={setBusy} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Labelled label="Records in the file">
              {(id) => (
                <select
                  id={id}
                  className={controlClass(false)}
                  value={kind}
                  onChange={(event) => setRecordKind(event.target.value as ImportRecordKind)}
                >
                  {ImportRecordKind.map((option) => (
                    <option key={option} value={option}>
                      {KIND_LABELS[option]}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label="Source id column">
              {(id) => (
                <select
                  id={id}
                  className={controlClass(false)}
                  value={sourceIdHeader}
                  onChange={(event) => setSourceIdHeader(event.target.value)}
                >
                  <option value="">None: match rows on e-mail, phone and name</option>
                  {mapping.headers.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-tremor-default" aria-label="Column mapping">
              <thead className="border-b border-tremor-border text-tremor-content">
                <tr>
                  <th className="px-3 py-2">Column in the file</th>
                  <th className="px-3 py-2">Field</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">State</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {mapping.headers.map((header) => {
                  const field = draft[header] ?? IGNORE;
                  const problem = problems.byHeader[header];
                  return (
                    <tr key={header} className="border-b border-tremor-border last:border-0" data-testid="mapping-row">
                      <th scope="row" className="px-3 py-2 font-medium text-tremor-content-strong">
                        {header}
                        <span className="block text-tremor-label font-normal text-tremor-content">
                          {sampleText(mapping.samples[header] ?? [])}
                        </span>
                      </th>
                      <td className="px-3 py-2">
                        <select
                          className={controlClass(problem !== undefined)}
                          aria-label={`Field for ${header}`}
                          aria-invalid={problem !== undefined}
                          value={fields.includes(field) ? field : IGNORE}
                          onChange={(event) => setField(header, event.target.value)}
                        >
                          <option value={IGNORE}>Ignore</option>
                          {fields.map((option) => (
                            <option key={option} value={option}>
                              {fieldLabel(option)}
                            </option>
                          ))}
                        </select>
                        {problem && <p className="mt-1 text-tremor-label text-red-600">{problem}</p>}
                      </td>
                      <td className="px-3 py-2">
                        {field === IGNORE && (
                          <Badge color="amber" size="xs">
                            Not mapped
                          </Badge>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="text-tremor-default text-tremor-content" data-testid="unmapped-headers">
            {unmapped.length === 0 ? 'Every column is mapped.' : `Not imported: ${unmapped.join(', ')}`}
          </p>
          {problems.general.length > 0 && (
            <Callout title="The mapping was not saved" color="rose" role="alert" data-testid="mapping-error">
              {problems.general.join(' ')}
            </Callout>
          )}
          <div className="flex flex-wrap items-end justify-between gap-4 border-t border-tremor-border pt-4">
            <div className="flex items-end gap-2">
              <div className="w-64">
                <Labelled label="Profile name">
                  {(id) => (
                    <input
                      id={id}
                      className={controlClass(false)}
                      value={profileName}
                      onChange={(event) => setProfileName(event.target.value)}
                    />
                  )}
                </Labelled>
              </div>
              <Button
                type="button"
                variant="secondary"
                disabled={!profileName.trim()}
                loading={busy}
                onClick={saveAsProfile}
              >
                Save as custom profile
              </Button>
            </div>
          </div>
          {savedAs && (
            <p className="text-tremor-default text-tremor-content-strong" role="status">
              Saved as the profile “{savedAs}”; this import now uses it.
            </p>
          )}
        </fieldset>
        <div className="mt-6 flex justify-end">
          <Button type="button" loading={busy} onClick={saveAndContinue}>
            {dirty ? 'Save mapping and continue' : 'Continue to the dry run'}
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** A profile select with its "use" button (built-in or saved profiles). */
function ProfilePicker(props: {
  label: string;
  placeholder: string;
  profiles: readonly { id: string; name: string; kind: string }[];
  value: string;
  onChange: (value: string) => void;
  action: string;
  disabled: boolean;
  onApply: () => void;
}) {
  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <Labelled label={props.label}>
          {(id) => (
            <select
              id={id}
              className={controlClass(false)}
              value={props.value}
              onChange={(event) => props.onChange(event.target.value)}
            >
              <option value="">{props.placeholder}</option>
              {props.profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.name} ({kindLabel(profile.kind)})
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </div>
      <Button type="button" variant="secondary" disabled={!props.value || props.disabled} onClick={props.onApply}>
        {props.action}
      </Button>
    </div>
  );
}
