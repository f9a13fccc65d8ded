/**
 * The contract harness for Nylas: Stoplight prism as a validating proxy in front of the fake Nylas.
 *
 *   SDK -> prism proxy (Nylas's OpenAPI description, --errors) -> fake Nylas
 *
 * Prism checks every request against the description (422 when it breaks it) and every answer of
 * the fake (500 with the violations), so a call that passes through prism speaks Nylas's API as
 * described. The prism process itself is Plaid's harness's (`startPrism`).
 *
 * Nylas's description has faults that make prism refuse what the API and the SDK do every day, so
 * prism is given a patched copy (cached in the system's temporary directory), and
 * `__tests__/prism.test.ts` pins the original's behaviour:
 * - lists: the envelope every list shares (`common_response_with_cursor`) says `data` is an object,
 *   while each list says it is an array (`allOf` of both): no list can be valid. The copy leaves
 *   the type of `data` to each list.
 * - the threads list: its own schema wraps `data` as an object `{threads: [...]}`, while the API and
 *   the SDK have `data` as the list itself. The copy makes `data` an array of threads.
 * - an event's `when` in a request is `oneOf` four kinds (time, timespan, date, datespan) none of
 *   which requires a field, so every `when` matches all four and every event written is refused.
 *   The copy makes each kind require the fields that tell it apart (`time`; `start_time` and
 *   `end_time`; `date`; `start_date` and `end_date`), as the API reads them.
 * - examples wrapped in a named key (`example: {Events response example: {...}}`): the example is
 *   then an object with one key, not an answer (what `prism mock` would serve). The copy unwraps
 *   every such `example`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type PrismProxy, repositoryRoot, startPrism } from '../../plaid/testing/prism.js';

export const NYLAS_SPEC_FILE = 'nylas-v3-openapi.yml';

/**
 * Nylas's description: `NYLAS_OPENAPI_SPEC` when set, else `shared/vendor-specs/` in the folder
 * beside the repository (where CI clones `shared/`).
 */
export function nylasSpecPath(): string {
  return process.env.NYLAS_OPENAPI_SPEC ?? resolve(repositoryRoot(), '..', 'shared', 'vendor-specs', NYLAS_SPEC_FILE);
}

/** The threads list's schema as published: `data` an object holding `threads`. */
const THREADS_DATA_AS_PUBLISHED = [
  '                data:',
  '                  type: object',
  '                  properties:',
  '                    threads:',
  '                      type: array',
  '                      items:',
  "                        $ref: '#/components/schemas/thread'",
].join('\n');

/** As the API answers: `data` the list of threads. */
const THREADS_DATA_AS_ANSWERED = [
  '                data:',
  '                  type: array',
  '                  items:',
  "                    $ref: '#/components/schemas/thread'",
].join('\n');

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * Unwraps each `example:` whose only content is one key naming it (`Events response example:`):
 * the key's line goes, and its block moves two columns left. Returns the new text and the names.
 */
export function unwrapNamedExamples(text: string): { text: string; unwrapped: string[] } {
  const lines = text.split('\n');
  const out: string[] = [];
  const unwrapped: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    out.push(line);
    if (!/^\s*example:\s*$/.test(line)) continue;
    const column = indentOf(line);
    const key = lines[index + 1] ?? '';
    const named = /^\s*([A-Z][\w ]* response example):\s*$/.exec(key);
    if (named === null || indentOf(key) !== column + 2) continue;
    // The block under the key ends where a line comes back to the key's column or less.
    let end = index + 2;
    while (end < lines.length && ((lines[end] ?? '').trim() === '' || indentOf(lines[end] ?? '') > column + 2))
      end += 1;
    // Only an example whose one key is that name: another sibling key means it is a real field.
    if (end < lines.length && indentOf(lines[end] ?? '') === column + 2) continue;
    for (let inner = index + 2; inner < end; inner += 1) out.push((lines[inner] ?? '').replace(/^ {2}/, ''));
    unwrapped.push(named[1] ?? '');
    index = end - 1;
  }
  return { text: out.join('\n'), unwrapped };
}

/** `text` with `from` replaced by `to`, once; throws when `from` is not there (the description changed). */
function replaceOnce(text: string, from: string, to: string, what: string): string {
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`Nylas's description: ${what} is not as the harness knows it; check the patch`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The list envelope as published: `data` an object. */
const LIST_ENVELOPE_AS_PUBLISHED = [
  '    common_response_with_cursor:',
  '      properties:',
  '        request_id:',
  '          type: string',
  '          description: The request ID.',
  '        data:',
  '          type: object',
  '          description: The response object.',
].join('\n');

/** The kinds of an event's `when`: their schema, title, and the fields each must have. */
const WHEN_KINDS: readonly [string, string, string[]][] = [
  ['event_time', 'Time', ['time']],
  ['event_timespan', 'Timespan', ['start_time', 'end_time']],
  ['event_date', 'Date', ['date']],
  ['event_datespan', 'Datespan', ['start_date', 'end_date']],
];

/** Every patch (see the header of this file); throws when a patched part is not as published. */
export function patchNylasDescription(text: string): { text: string; unwrapped: string[] } {
  let patched = replaceOnce(
    text,
    LIST_ENVELOPE_AS_PUBLISHED,
    LIST_ENVELOPE_AS_PUBLISHED.replace('          type: object\n', ''),
    'the list envelope',
  );
  const threads = patched.indexOf('    threads:\n      description: Threads response');
  if (threads < 0) throw new Error("Nylas's description: the threads list is not as the harness knows it");
  patched =
    patched.slice(0, threads) +
    replaceOnce(patched.slice(threads), THREADS_DATA_AS_PUBLISHED, THREADS_DATA_AS_ANSWERED, 'the threads list');
  for (const [schema, title, fields] of WHEN_KINDS) {
    const opening = `\n    ${schema}:\n      title: ${title}\n      type: object\n`;
    const required = ['      required:', ...fields.map((field) => `      - ${field}`), ''].join('\n');
    patched = replaceOnce(patched, opening, `${opening}${required}`, `the ${schema} schema`);
  }
  return unwrapNamedExamples(patched);
}

/** Bump when the patches change, so cached copies are rebuilt. */
const PATCH_VERSION = 2;

/** The patched copy prism is given, written once per content into `<tmpdir>/meridian-prism/`. */
export async function prepareNylasPrismSpec(
  specPath = nylasSpecPath(),
): Promise<{ path: string; unwrapped: string[] }> {
  const original = await readFile(specPath, 'utf8');
  const { text, unwrapped } = patchNylasDescription(original);
  const hash = createHash('sha256').update(`nylas-${PATCH_VERSION}\0`).update(original).digest('hex').slice(0, 16);
  const folder = join(tmpdir(), 'meridian-prism');
  const path = join(folder, `${hash}-${NYLAS_SPEC_FILE}`);
  if (!existsSync(path)) {
    await mkdir(folder, { recursive: true });
    const partial = `${path}.${process.pid}.tmp`;
    await writeFile(partial, text);
    await rename(partial, path); // atomic: test files starting prism at once never read half a file
  }
  return { path, unwrapped };
}

export interface NylasPrismOptions {
  /** The fake's URL. */
  upstream: string;
  /** Give prism the description as published (to see its faults). */
  original?: boolean;
  /** How long prism may take to listen. Default 90 s. */
  startTimeoutMs?: number;
}

/** Starts `prism proxy <Nylas's description> <upstream> --errors`; resolves once it listens. */
export async function startNylasPrism(options: NylasPrismOptions): Promise<PrismProxy> {
  const specPath = options.original ? nylasSpecPath() : (await prepareNylasPrismSpec()).path;
  // `original: true` tells Plaid's harness to use the file as given, without its Plaid-only fix.
  return startPrism({
    upstream: options.upstream,
    specPath,
    original: true,
    ...(options.startTimeoutMs === undefined ? {} : { startTimeoutMs: options.startTimeoutMs }),
  });
}
