import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { hotStatement, placeholders } from './prepared.ts';

type TEcho = { id: number; name: string | null; tags: (string | null)[]; counts: number[]; paid: boolean };
const p = placeholders<TEcho>();
const ECHO = hotStatement<TEcho>(
  sql`select ${p('id')}::int + 1 as next_id, ${p('name')}::text as name, ${p('tags')}::text[] as tags,
    (select sum(n)::int from unnest(${p('counts')}::int[]) n) as total, ${p('paid')}::boolean as paid`,
);

type TNote = { id: number; body: string };
const note = placeholders<TNote>();
const ADD_NOTE = hotStatement<TNote>(
  sql`insert into hot_notes (id, body) values (${note('id')}::int, ${note('body')}::text) returning id`,
);

const awkward = `O'Brien "Ade" \\ back\\slash; drop table hot_notes; --`;

let first: DatabaseHandle;
let second: DatabaseHandle;

beforeAll(async () => {
  [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
  for (const database of [first, second])
    await database.db.execute(sql`create table hot_notes (id integer primary key, body text not null)`);
});
afterAll(() => Promise.all([first.close(), second.close()]));

const bodies = async (database: DatabaseHandle) =>
  (
    (await database.db.execute(sql`select body from hot_notes order by id`)) as unknown as {
      rows: { body: string }[];
    }
  ).rows.map((row) => row.body);

describe('hotStatement', () => {
  it('passes every kind of value through unchanged: quotes, backslashes, nulls, arrays', async () => {
    const [row] = await ECHO.run(first.db, {
      id: 41,
      name: awkward,
      tags: ['plain', awkward, null, '{braces}', 'comma, here'],
      counts: [1, 2, 3],
      paid: false,
    });
    expect(row).toEqual({
      next_id: 42,
      name: awkward,
      tags: ['plain', awkward, null, '{braces}', 'comma, here'],
      total: 6,
      paid: false,
    });
    const [empty] = await ECHO.run(first.db, { id: 0, name: null, tags: [], counts: [], paid: true });
    expect(empty).toEqual({ next_id: 1, name: null, tags: [], total: null, paid: true });
  });

  it('runs the same statement many times, inside and outside transactions, on two databases at once', async () => {
    await ADD_NOTE.run(first.db, { id: 1, body: 'outside' });
    await first.db.transaction(async (tx) => {
      await ADD_NOTE.run(tx, { id: 2, body: awkward });
      await tx.transaction(async (savepoint) => ADD_NOTE.run(savepoint, { id: 3, body: 'nested' }));
    });
    await second.db.transaction((tx) => ADD_NOTE.run(tx, { id: 1, body: 'second database' }));
    expect(await bodies(first)).toEqual(['outside', awkward, 'nested']);
    expect(await bodies(second)).toEqual(['second database']);
  });

  it('prepares a statement once when its first uses come at once', async () => {
    const DOUBLE = hotStatement<{ n: number }>(sql`select ${sql.placeholder('n')}::int * 2 as doubled`);
    const answers = await Promise.all([1, 2, 3].map((n) => DOUBLE.run(first.db, { n })));
    expect(answers).toEqual([[{ doubled: 2 }], [{ doubled: 4 }], [{ doubled: 6 }]]);
  });

  it('still runs after a transaction that first used it was rolled back', async () => {
    await second.db.execute(sql`create table hot_tags (id integer primary key)`);
    const ADD_TAG = hotStatement<{ id: number }>(
      sql`insert into hot_tags (id) values (${sql.placeholder('id')}::int) returning id`,
    );
    await expect(
      second.db.transaction(async (tx) => {
        await ADD_TAG.run(tx, { id: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ADD_TAG.run(second.db, { id: 2 })).toEqual([{ id: 2 }]);
  });

  it('answers a failing statement with its own error and keeps nothing of it', async () => {
    await expect(ADD_NOTE.run(first.db, { id: 1, body: 'duplicate' })).rejects.toMatchObject({
      code: '23505',
    });
    expect(await bodies(first)).toEqual(['outside', awkward, 'nested']);
  });
});
