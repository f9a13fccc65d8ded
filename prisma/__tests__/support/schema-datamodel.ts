// Reads the schema (a file, or the prisma/schema/ folder) through Prisma's own parser, offline.
//
// The installed Prisma 7 CLI bundles its schema parser (wasm) without exporting it, and
// @prisma/internals (which exports getDMMF) is not installed. But `prisma generate` hands the parsed
// datamodel (DMMF) to every generator, and works offline. So we run it on a copy of the schema
// whose only generator is datamodel-generator.mjs, which writes the datamodel to a JSON file.
// It costs one `prisma generate` (~1.5 s) and relies only on the public generator protocol.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { readSchema } from './schema-files.js';
import { removeGeneratorBlocks } from './schema-text.js';

/** The parts of Prisma's DMMF datamodel these tests read. */
export interface Datamodel {
  enums: DatamodelEnum[];
  models: DatamodelModel[];
  indexes: DatamodelIndex[];
}

export interface DatamodelEnum {
  name: string;
  dbName?: string | null;
  values: { name: string; dbName?: string | null }[];
}

export interface DatamodelModel {
  name: string;
  dbName: string | null;
  fields: DatamodelField[];
}

export interface DatamodelField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  isList: boolean;
  isRequired: boolean;
  type: string;
  /** e.g. ["Timestamptz", ["3"]] for @db.Timestamptz(3). */
  nativeType?: [string, string[]] | null;
  hasDefaultValue: boolean;
  /** A literal, a list, or a function call such as { name: "now", args: [] }. */
  default?: unknown;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

export interface DatamodelIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  /** Set only when the schema names the index (`map:`). */
  dbName?: string | null;
  /** Index method, e.g. "Hash"; absent for the default B-tree. */
  algorithm?: string;
  fields: { name: string; sortOrder?: 'asc' | 'desc' }[];
}

const run = promisify(execFile);
const GENERATOR = fileURLToPath(new URL('./datamodel-generator.mjs', import.meta.url));
const GENERATE_TIMEOUT_MS = 60_000;

/** The datamodel of the schema at `schemaPath`: a .prisma file or a folder of them. */
export async function readDatamodel(schemaPath: string): Promise<Datamodel> {
  const workDir = await mkdtemp(join(tmpdir(), 'prisma-datamodel-'));
  try {
    const outputPath = join(workDir, 'datamodel.json');
    const schema = removeGeneratorBlocks(await readSchema(schemaPath));
    await writeFile(join(workDir, 'schema.prisma'), `${schema}\n${datamodelGenerator(outputPath)}`);
    await runPrismaGenerate(workDir);
    return JSON.parse(await readFile(outputPath, 'utf8')) as Datamodel;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function datamodelGenerator(outputPath: string): string {
  // JSON string escaping is also valid Prisma string escaping.
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(GENERATOR)}`;
  return `generator datamodel {\n  provider = ${JSON.stringify(command)}\n  output   = ${JSON.stringify(outputPath)}\n}\n`;
}

async function runPrismaGenerate(workDir: string): Promise<void> {
  const cli = join(dirname(createRequire(import.meta.url).resolve('prisma/package.json')), 'build', 'index.js');
  const env = {
    ...process.env,
    // `prisma generate` only checks that a schema engine file exists (it never runs it); the
    // native engine cannot be downloaded here. Same trick as scripts/prisma-generate.mjs.
    PRISMA_SCHEMA_ENGINE_BINARY: existingFile(process.env.PRISMA_SCHEMA_ENGINE_BINARY) ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  };
  // Run from the temporary folder so the repository's prisma.config.ts is not picked up.
  try {
    await run(process.execPath, [cli, 'generate', '--schema', join(workDir, 'schema.prisma')], {
      cwd: workDir,
      env,
      timeout: GENERATE_TIMEOUT_MS,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`prisma generate could not parse the schema:\n${stdout}${stderr}`, { cause: error });
  }
}

function existingFile(path: string | undefined): string | undefined {
  return path && existsSync(path) ? path : undefined;
}
