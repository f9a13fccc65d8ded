// The API and the worker run from the JavaScript in each workspace's dist/, laid out as tsc lays it
// out (api/dist/main.js; @meridian/domain is domain/dist/index.js). `npm start` and `npm run dev`
// write it file by file with oxc, the transformer vitest runs the tests through: it reads the
// decorator settings of the workspace's tsconfig (Nest's dependency injection needs
// emitDecoratorMetadata) and checks no types, so a fresh clone compiles in seconds where `tsc -b`
// takes minutes. The type check is npm test's and CI's; `npm run build` still runs tsc -b, whose
// output (equivalent, plus declarations) may replace these files at any time.
//
// Each file is transformed alone, which keeps its imports in their order (a bundler may hoist a
// package's import, e.g. 'reflect-metadata', below the project's own). The few helpers oxc's
// output imports (the decorator's) are written once into dist/_oxc-runtime/ by rolldown, which
// carries them, and each file imports them from there: nothing new is installed.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { transformSync } from 'rolldown/utils';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The workspaces the API and the worker load, in the order of their references. */
export const SERVICE_WORKSPACES = ['domain', 'connectors', 'api', 'workers'] as const;

const HELPERS_FOLDER = '_oxc-runtime';
const HELPER_IMPORT = /(["'])@oxc-project\/runtime\/helpers\/([A-Za-z0-9_]+)\1/g;

export class CompileError extends Error {}

/** The TypeScript files tsc compiles in a workspace: src/ less tests and declarations. */
function sourcesOf(sourceRoot: string): string[] {
  return readdirSync(sourceRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(sourceRoot, file).split(path.sep).includes('__tests__'));
}

function mtimeOf(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** Writes the helpers named into `folder`, one module each with the helper as its default export. */
async function writeHelpers(folder: string, names: string[]): Promise<void> {
  const prefix = '\0meridian-helper:';
  await build({
    input: Object.fromEntries(names.map((name) => [name, `${prefix}${name}`])),
    platform: 'node',
    logLevel: 'warn',
    plugins: [
      {
        name: 'meridian-oxc-helpers',
        resolveId: (id) => (id.startsWith(prefix) ? id : null),
        load: (id) =>
          id.startsWith(prefix)
            ? `export { default } from '@oxc-project/runtime/helpers/${id.slice(prefix.length)}';`
            : null,
      },
    ],
    output: { dir: folder, format: 'esm', entryFileNames: '[name].js' },
  });
}

/** Compiles one workspace's changed files; returns how many it wrote and how many it has. */
async function compileWorkspace(workspace: string): Promise<{ written: number; total: number }> {
  const workspaceRoot = path.join(REPO_ROOT, workspace);
  const sourceRoot = path.join(workspaceRoot, 'src');
  const outputRoot = path.join(workspaceRoot, 'dist');
  const tsconfig = path.join(workspaceRoot, 'tsconfig.json');
  // A change to the compiler settings, or to how this file compiles, makes every output stale.
  const settingsChangedAt = Math.max(
    mtimeOf(tsconfig),
    mtimeOf(path.join(REPO_ROOT, 'tsconfig.base.json')),
    mtimeOf(fileURLToPath(import.meta.url)),
  );
  const sources = sourcesOf(sourceRoot);
  const helpers = new Set<string>();
  let written = 0;
  for (const source of sources) {
    const relative = path.relative(sourceRoot, source).replace(/\.ts$/, '.js');
    const output = path.join(outputRoot, relative);
    if (mtimeOf(output) >= Math.max(mtimeOf(source), settingsChangedAt)) continue;
    const result = transformSync(source, readFileSync(source, 'utf8'), { tsconfig, target: 'es2023', sourcemap: true });
    if (result.errors.length > 0) {
      const messages = result.errors.map((error) => error.message).join('\n');
      throw new CompileError(`${path.relative(REPO_ROOT, source)} does not compile:\n${messages}`);
    }
    const helpersFolder = path.relative(path.dirname(output), path.join(outputRoot, HELPERS_FOLDER));
    const code = result.code.replace(HELPER_IMPORT, (_match, quote: string, name: string) => {
      helpers.add(name);
      const target = `${helpersFolder}/${name}.js`.split(path.sep).join('/');
      return `${quote}${target.startsWith('.') ? target : `./${target}`}${quote}`;
    });
    const map = { ...result.map, file: path.basename(output), sources: [path.relative(path.dirname(output), source)] };
    delete map.sourcesContent;
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(`${output}.map`, JSON.stringify(map));
    writeFileSync(output, `${code}\n//# sourceMappingURL=${path.basename(output)}.map\n`);
    written += 1;
  }
  const missing = [...helpers].filter((name) => !existsSync(path.join(outputRoot, HELPERS_FOLDER, `${name}.js`)));
  if (missing.length > 0) await writeHelpers(path.join(outputRoot, HELPERS_FOLDER), missing);
  return { written, total: sources.length };
}

/**
 * Compiles what changed in the workspaces the API and the worker run from (no type check);
 * returns how many files it wrote, of how many.
 */
export async function compileServices(): Promise<{ written: number; total: number }> {
  let written = 0;
  let total = 0;
  for (const workspace of SERVICE_WORKSPACES) {
    const counts = await compileWorkspace(workspace);
    written += counts.written;
    total += counts.total;
  }
  return { written, total };
}
