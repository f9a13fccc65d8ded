/** Prisma's code for a transaction PostgreSQL ended as a deadlock victim (or a write conflict). */
const DEADLOCK = 'P2034';

/** How many times a deadlocked transaction is run in all before its error reaches the caller. */
const ATTEMPTS = 3;

/**
 * Runs `transaction` again when PostgreSQL chose it as a deadlock's victim: the database rolled
 * all of it back, and PostgreSQL's own advice is to retry. For transactions whose work is only in
 * the database (a retried one must not have sent anything elsewhere). Seen under CI's load on
 * POST /proposals, whose transaction locks its opportunity, moves the sale's stage and inserts
 * the proposal while other sales of the firm do the same.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DEADLOCK;
}
