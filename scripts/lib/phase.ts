// One line per phase of a start: its name as it begins, so a long phase never looks hung, then on
// the same line how long it took and what it did. Lines the work logs meanwhile are held back and
// printed after it, so they cannot split the phase's line.

export interface PhaseContext {
  /** A line to print once the phase's own line is complete. */
  log(line: string): void;
}

/** "1.2 s" since `since`, a performance.now() reading (0: since this process began). */
export function secondsSince(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * Runs `work` as the phase `title` ("Migrating the database"); `outcome` words what it did
 * ("applied 22 migration(s)"). Prints "Migrating the database... 1.2 s: applied 22 migration(s)."
 */
export async function phase<T>(
  title: string,
  work: (context: PhaseContext) => Promise<T> | T,
  outcome: (result: T) => string | null = () => null,
): Promise<T> {
  const heldBack: string[] = [];
  const started = performance.now();
  process.stdout.write(`${title}... `);
  let result: T;
  try {
    result = await work({ log: (line) => heldBack.push(line) });
  } catch (error) {
    console.log(`failed after ${secondsSince(started)}.`);
    for (const line of heldBack) console.log(line);
    throw error;
  }
  const said = outcome(result);
  console.log(said === null ? `${secondsSince(started)}.` : `${secondsSince(started)}: ${said}.`);
  for (const line of heldBack) console.log(line);
  return result;
}
