// Text-level handling of Prisma schema files: enough to compare two of them for changes that
// matter to the database, and to swap generator blocks. (Structure comes from Prisma's parser,
// see schema-datamodel.ts; this is only about text.)

/** Removes `//` and `///` comments, leaving string literals (which may contain "//") intact. */
export function stripComments(schema: string): string {
  let result = '';
  let inString = false;
  for (let i = 0; i < schema.length; i++) {
    const char = schema[i];
    if (inString) {
      result += char;
      if (char === '\\') result += schema[++i] ?? '';
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      result += char;
    } else if (char === '/' && schema[i + 1] === '/') {
      while (i < schema.length && schema[i] !== '\n') i++;
      result += '\n';
    } else {
      result += char;
    }
  }
  return result;
}

/**
 * Removes `generator` blocks. They configure client generation and never affect the database.
 * Assumes, like `prisma format` output, that a block starts at the beginning of a line and ends
 * with a `}` line, and that its values contain no line starting with `}`.
 */
export function removeGeneratorBlocks(schema: string): string {
  return schema.replace(/^generator\s+\w+\s*\{[\s\S]*?^\}[^\n]*(\n|$)/gm, '');
}

/**
 * The schema reduced to what can change the database, one statement per line: comments and
 * generator blocks dropped, blank lines dropped, runs of whitespace collapsed and whitespace
 * around punctuation removed, so reformatting (e.g. `prisma format` re-aligning columns) is not a
 * change.
 */
export function normalizeSchema(schema: string): string[] {
  return removeGeneratorBlocks(stripComments(schema))
    .split(/\r?\n/)
    .map((line) =>
      line
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/\s*([(){}[\],=:])\s*/g, '$1'),
    )
    .filter((line) => line !== '');
}

/**
 * The normalized lines of a schema with its top-level blocks (model, enum, datasource) sorted by
 * their first line: where a block sits, in which file of the schema folder and in which place,
 * does not matter to the database. A block ends with a `}` line, as `prisma format` writes it.
 */
function inBlockOrder(schema: string): string[] {
  const blocks: string[][] = [];
  let block: string[] | undefined;
  for (const line of normalizeSchema(schema)) {
    if (!block) {
      block = [];
      blocks.push(block);
    }
    block.push(line);
    if (line === '}') block = undefined;
  }
  return blocks.sort(([x = ''], [y = '']) => (x < y ? -1 : x > y ? 1 : 0)).flat();
}

/**
 * Where two schemas differ in a way that matters to the database, as "<line in a>" → "<line in b>",
 * or null when they are equivalent. The order of the blocks does not count.
 */
export function schemaDifference(a: string, b: string): string | null {
  const linesA = inBlockOrder(a);
  const linesB = inBlockOrder(b);
  for (let i = 0; i < Math.max(linesA.length, linesB.length); i++) {
    if (linesA[i] !== linesB[i]) return `"${linesA[i] ?? '(end of file)'}" → "${linesB[i] ?? '(end of file)'}"`;
  }
  return null;
}
