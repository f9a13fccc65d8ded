// A Prisma generator that writes the parsed datamodel (DMMF) as JSON to its `output` path; used
// by prisma/__tests__/support/schema-datamodel.ts to read the schema through Prisma's own parser.
//
// Generator protocol: `prisma generate` starts this process and sends JSON-RPC requests, one per
// line, on its stdin; answers go back one per line on stderr (stdout is left to logs).
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const handlers = {
  getManifest: () => ({ manifest: { prettyName: 'Datamodel (tests)', requiresEngines: [] } }),
  generate: (options) => {
    writeFileSync(options.generator.output.value, JSON.stringify(options.dmmf.datamodel));
    return null;
  },
};

function answer(request) {
  const handler = handlers[request.method];
  try {
    if (!handler) throw new Error(`unknown method ${request.method}`);
    return { jsonrpc: '2.0', id: request.id, result: handler(request.params) };
  } catch (error) {
    return { jsonrpc: '2.0', id: request.id, error: { code: -32000, message: String(error?.message ?? error) } };
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  process.stderr.write(`${JSON.stringify(answer(JSON.parse(line)))}\n`);
});
