import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../index.js';

const ROWS = 1_000_000;

/**
 * A full garbage collection, so the heap measured is what is still held, not garbage V8 has not
 * got round to (without it, heapUsed saws up and down by 100 MB whatever the reader keeps).
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function retainedHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}
const LINES_PER_CHUNK = 2_000;

/** A 1,000,000-row contacts CSV made on the fly (about 80 MB), never held in memory whole. */
function generatedCsv(): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from('Record ID,First Name,Last Name,Email,Phone Number,City\n');
      for (let start = 0; start < ROWS; start += LINES_PER_CHUNK) {
        let chunk = '';
        for (let index = start; index < start + LINES_PER_CHUNK; index += 1) {
          chunk += `${index + 1},Given${index},Family${index},person${index}@example.com,416-555-01${String(index % 100).padStart(2, '0')},Montréal\n`;
        }
        yield Buffer.from(chunk);
      }
    })(),
  );
}

describe('readImportFile: streaming', () => {
  it('reads 1,000,000 rows with a heap that does not grow with the file', { timeout: 300_000 }, async () => {
    const file = await readImportFile(generatedCsv());
    let count = 0;
    let lastId = '';
    let baseline = 0;
    let peak = 0;
    for await (const row of file.rows) {
      count += 1;
      lastId = row.values['Record ID'] ?? '';
      if (count === 10_000) baseline = retainedHeap();
      if (count % 100_000 === 0) peak = Math.max(peak, retainedHeap());
    }
    expect(count).toBe(ROWS);
    expect(lastId).toBe(String(ROWS));
    // The file is ~80 MB of text and a million row objects would be several hundred MB: a retained
    // heap that grows by less than 100 MB shows rows are not kept. The bound is on memory, never time.
    expect(peak).toBeGreaterThan(0);
    expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
  });
});
