import { fileURLToPath } from 'node:url';

/** The sample export files of every import profile (and their edited copies). */
export const IMPORT_FIXTURES = fileURLToPath(new URL('../../connectors/src/files/__fixtures__', import.meta.url));
