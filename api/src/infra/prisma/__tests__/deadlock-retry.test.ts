import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from '../deadlock-retry.js';

const deadlock = Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), {
  code: 'P2034',
});

/** A transaction that fails with the given errors, one per run, then answers 'done'. */
function failing(errors: Error[]) {
  let runs = 0;
  const transaction = () => {
    const error = errors[runs];
    runs += 1;
    return error ? Promise.reject(error) : Promise.resolve('done');
  };
  return { transaction, runs: () => runs };
}

describe('retryOnDeadlock', () => {
  it('runs a deadlocked transaction again until it commits', async () => {
    const { transaction, runs } = failing([deadlock, deadlock]);
    await expect(retryOnDeadlock(transaction)).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it('gives up after three runs, with the deadlock', async () => {
    const { transaction, runs } = failing([deadlock, deadlock, deadlock]);
    await expect(retryOnDeadlock(transaction)).rejects.toBe(deadlock);
    expect(runs()).toBe(3);
  });

  it('never runs again a transaction that failed for another reason', async () => {
    const refused = Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });
    const { transaction, runs } = failing([refused]);
    await expect(retryOnDeadlock(transaction)).rejects.toBe(refused);
    expect(runs()).toBe(1);
  });
});
