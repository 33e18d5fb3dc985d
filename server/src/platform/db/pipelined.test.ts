import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { pipelinedTransaction } from './pipelined.ts';
import { hotStatement, placeholders } from './prepared.ts';

type TNote = { id: number; body: string };
const p = placeholders<TNote>();
const ADD_NOTE = hotStatement<TNote>(
  sql`insert into pipeline_notes (id, body) values (${p('id')}::int, ${p('body')}::text)
    returning txid_current()::text as txid`,
);

let database: DatabaseHandle;

const notes = async () =>
  (
    (await database.db.execute(sql`select id, body from pipeline_notes order by id`)) as unknown as {
      rows: TNote[];
    }
  ).rows;

beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table pipeline_notes (id integer primary key, body text not null)`);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from pipeline_notes`);
});

describe('pipelinedTransaction', () => {
  it('runs hot statements and drizzle queries in one transaction and commits when the work resolves', async () => {
    const txids = await pipelinedTransaction(database.db, async (tx) => {
      const [first] = await ADD_NOTE.run<{ txid: string }>(tx, { id: 1, body: 'first' });
      await tx.execute(sql`insert into pipeline_notes (id, body) values (2, 'second')`);
      const [last] = await ADD_NOTE.run<{ txid: string }>(tx, { id: 3, body: 'last' });
      return [first!.txid, last!.txid];
    });
    expect(txids[0]).toBe(txids[1]);
    expect(await notes()).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: 'second' },
      { id: 3, body: 'last' },
    ]);
  });

  it('rolls everything back when the work throws after its first statement', async () => {
    await expect(
      pipelinedTransaction(database.db, async (tx) => {
        await ADD_NOTE.run(tx, { id: 1, body: 'kept?' });
        throw new Error('out of stock');
      }),
    ).rejects.toThrow('out of stock');
    expect(await notes()).toEqual([]);
  });

  it('commits with the statement that ends the transaction, and refuses statements after it', async () => {
    await pipelinedTransaction(database.db, async (tx) => {
      await ADD_NOTE.run(tx, { id: 1, body: 'first' });
      await ADD_NOTE.run(tx, { id: 2, body: 'last' }, { endsTransaction: true });
      if (database.kind === 'postgres') {
        await expect(ADD_NOTE.run(tx, { id: 3, body: 'too late' })).rejects.toThrow(
          'This transaction has already been committed',
        );
      }
    });
    expect((await notes()).map((note) => note.id)).toEqual([1, 2]);
  });

  it('answers the last statement’s own error and keeps nothing when it fails', async () => {
    await expect(
      pipelinedTransaction(database.db, async (tx) => {
        await ADD_NOTE.run(tx, { id: 1, body: 'first' });
        await ADD_NOTE.run(tx, { id: 1, body: 'duplicate' }, { endsTransaction: true });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await notes()).toEqual([]);
    // The connection is clean for the next transaction.
    await pipelinedTransaction(database.db, (tx) => ADD_NOTE.run(tx, { id: 5, body: 'after' }));
    expect(await notes()).toEqual([{ id: 5, body: 'after' }]);
  });

  it('keeps concurrent transactions apart', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        pipelinedTransaction(database.db, async (tx) => {
          await ADD_NOTE.run(tx, { id: 100 + i, body: `note ${i}` });
          if (i % 3 === 0) throw new Error(`refused ${i}`);
          await ADD_NOTE.run(tx, { id: 200 + i, body: `pair ${i}` }, { endsTransaction: i % 2 === 0 });
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(10);
    const ids = (await notes()).map((note) => note.id);
    const expected = Array.from({ length: 30 }, (_, i) => i)
      .filter((i) => i % 3 !== 0)
      .flatMap((i) => [100 + i, 200 + i])
      .sort((a, b) => a - b);
    expect(ids).toEqual(expected);
  });
});
