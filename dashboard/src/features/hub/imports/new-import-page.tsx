import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Callout, Card, Text } from '@tremor/react';
import { IMPORT_SOURCES, type ExternalSourceSystem } from '@meridian/domain';
import { toApiError, uploadImportFile, type ApiError } from '../../../api';
import { controlClass } from '../../../components/fields';
import { SOURCE_LABELS } from './import-labels';
import { WizardHeader } from './wizard-steps';

/** The file reader's refusals (the API's detail paths) in words a user can act on. */
const UPLOAD_HINTS: Record<string, string> = {
  EMPTY_FILE: 'The file has no rows to import. Check that you exported the records, not only the headers.',
  FILE_TOO_LARGE: 'Split the export into smaller files, or ask an administrator to raise the limit.',
  WRONG_ENCODING: 'Save the file again as UTF-8 (or Windows-1252) and upload it again.',
  RAGGED_ROW: 'A row has more or fewer cells than the header. Fix that row, or export the file again.',
  DUPLICATE_HEADERS: 'Two columns have the same name. Rename one of them and upload again.',
  WORKBOOK_TOO_LARGE:
    'The workbook unpacks to far more than it weighs. Save the sheet as CSV, or split the workbook, and upload again.',
  UNSUPPORTED_FORMAT:
    'Only CSV and XLSX files, or a ZIP of CSV files, can be imported. Save a legacy .xls file as .xlsx first.',
  ARCHIVE_TOO_LARGE: 'A file in the ZIP unpacks to far more than it weighs. Upload the CSV file itself.',
  ARCHIVE_AMBIGUOUS: 'Unzip the export and upload the CSV file of the records to import.',
};

function UploadError({ error }: { error: ApiError }) {
  const codes = error.details.map((detail) => detail.path);
  const hint = codes.map((code) => UPLOAD_HINTS[code]).find((text) => text !== undefined);
  // A detail repeating the headline (with the row number added) would read twice.
  const messages = error.details
    .map((detail) => detail.message)
    .filter((message) => !message.startsWith(error.message));
  return (
    <Callout title="The file could not be imported" color="rose" role="alert" data-testid="upload-error">
      <p data-testid="upload-error-message">{error.message}</p>
      {messages.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {codes.length > 0 && <p className="mt-1 font-mono text-tremor-label">{codes.join(', ')}</p>}
      {hint && <p className="mt-2">{hint} Then choose the file again.</p>}
    </Callout>
  );
}

/**
 * Step 1: a CSV or XLSX file (or a ZIP of CSV files) and, optionally, the system it came from (which narrows the profile
 * the API suggests). The API reads the whole file before answering, so a file it cannot import is
 * refused here with the reason; the user picks another file.
 */
export default function NewImportPage() {
  const navigate = useNavigate();
  const fileId = useId();
  const sourceId = useId();
  const [file, setFile] = useState<File>();
  const [source, setSource] = useState<ExternalSourceSystem | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();

  async function upload() {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      const { batch } = await uploadImportFile(file, source || undefined);
      navigate(`/imports/${batch.id}`);
    } catch (failure) {
      setError(toApiError(failure));
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="new-import-page">
      <WizardHeader step={1} />
      <Card>
        <form
          className="space-y-5"
          aria-label="Upload a file"
          onSubmit={(event) => {
            event.preventDefault();
            void upload();
          }}
        >
          <div>
            <label htmlFor={fileId} className="block text-tremor-default font-medium text-tremor-content-strong">
              File to import
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.xlsx,.zip,text/csv,application/zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="mt-1 block w-full text-tremor-default text-tremor-content-emphasis file:mr-3 file:rounded-tremor-small file:border-0 file:bg-tremor-background-subtle file:px-3 file:py-2 file:text-tremor-default file:font-medium file:text-tremor-content-strong"
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setError(undefined);
              }}
              data-testid="import-file"
            />
            <Text className="mt-1">
              CSV or XLSX, or a ZIP of CSV files as some systems export (its contacts file is read). The encoding, the
              delimiter and the header row are detected when the file is read.
            </Text>
          </div>
          <div className="max-w-sm">
            <label htmlFor={sourceId} className="block text-tremor-default font-medium text-tremor-content-strong">
              Source system
            </label>
            <select
              id={sourceId}
              className={`${controlClass(false)} mt-1`}
              value={source}
              onChange={(event) => setSource(event.target.value as ExternalSourceSystem | '')}
              data-testid="import-source"
            >
              <option value="">Not specified: suggest from the headers</option>
              {IMPORT_SOURCES.map((system) => (
                <option key={system} value={system}>
                  {SOURCE_LABELS[system]}
                </option>
              ))}
            </select>
          </div>
          {error && <UploadError error={error} />}
          <Button type="submit" disabled={!file} loading={busy}>
            Upload
          </Button>
        </form>
      </Card>
    </div>
  );
}
