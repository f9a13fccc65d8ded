// Where a process's CPU time went, from a V8 CPU profile (`node --cpu-prof`, or bench/api-load.ts
// --profile DIR): self time by package or source folder, and by function.
//
//   npx tsx bench/cpu-profile.ts <file.cpuprofile> [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: bench/cpu-profile.ts <file.cpuprofile> [--top N]');
  process.exit(2);
}
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

/** A package under node_modules, a workspace's source folder, node's own code, or V8's. */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const source = /\/(api|domain|connectors|workers)\/src\/((?:[^/]+\/){0,2})/.exec(url);
  if (source) return `${source[1]}/src/${source[2]}`;
  const generated = /\/(api\/src\/generated)\//.exec(url);
  return generated ? generated[1]! : url.replace(/^file:\/\//, '');
}

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
for (const [id, micros] of selfMicros) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const place = placeOf(url, functionName);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  const name = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}

function print(title: string, entries: Map<string, number>): void {
  console.log(`\n${title}`);
  for (const [name, micros] of [...entries].sort(([, a], [, b]) => b - a).slice(0, top)) {
    console.log(
      `${((100 * micros) / total).toFixed(1).padStart(6)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    );
  }
}

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('Self time by place', byPlace);
print('Self time by function', byFunction);
