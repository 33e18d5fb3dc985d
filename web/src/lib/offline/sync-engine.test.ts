import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openOfflineDb, recordsOf, type TOfflineDb, type TOutboxRecord } from './db';
import { backoffMs, createSyncEngine, wireBody, type TSendResult, type TUploader } from './sync-engine';

let dbCount = 0;
const freshDbName = () => `offline-test-${++dbCount}`;

/** A record as the sales screen queues it, for `userId`'s sale `n`. */
const sale = (n: number) => ({
  kind: 'sale' as const,
  method: 'POST' as const,
  path: '/sales/batch',
  body: { public_id: `pid-${n}`, customer_name: `Customer ${n}` },
  publicId: `pid-${n}`,
  idempotencyKey: `key-${n}`,
  businessDate: '2026-11-26',
  recordedAt: '2026-11-26T10:00:00.000Z',
  summary: { receipt_number: `OFF-${n}` },
  invalidates: [['sales', 'list']],
});

/** A fake server: answers each attempt from `answer`, and records what it was sent. */
function fakeServer(answer: (record: TOutboxRecord, attempt: number) => TSendResult) {
  const sent: { publicId: string; key: string }[] = [];
  return {
    sent,
    send: async (record: TOutboxRecord) => {
      sent.push({ publicId: record.publicId, key: record.idempotencyKey });
      return answer(record, sent.length);
    },
  };
}

function engineOn(
  db: TOfflineDb,
  send: (record: TOutboxRecord) => Promise<TSendResult>,
  user: { id: number | null },
  clock = { now: 1_000_000 },
  upload?: TUploader,
) {
  const synced: string[] = [];
  const refused: string[] = [];
  const engine = createSyncEngine({
    db,
    send,
    upload,
    currentUserId: () => user.id,
    isOnline: () => true,
    now: () => clock.now,
    onSynced: (record) => synced.push(record.publicId),
    onRefused: (record) => refused.push(record.publicId),
  });
  return { engine, synced, refused, clock };
}

const ok: TSendResult = { ok: true, answer: { success: true } };

describe('the outbox sync engine', () => {
  it('sends each record once when two tabs sync the same store, one pass at a time, and tells the other tab', async () => {
    const db = await openOfflineDb(freshDbName());
    const server = fakeServer(() => ok);
    const slowSend = async (record: TOutboxRecord) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return server.send(record);
    };
    // The tabs' lock: one pass at a time, as navigator.locks gives it.
    let queue = Promise.resolve();
    const exclusive = (pass: () => Promise<void>) => (queue = queue.then(pass, pass));
    const changes = { a: 0, b: 0 };
    const tab = (name: 'a' | 'b') =>
      createSyncEngine({
        db,
        send: slowSend,
        currentUserId: () => 7,
        isOnline: () => true,
        exclusive,
        onChange: () => (changes[name] += 1),
      });
    const [a, b] = [tab('a'), tab('b')];
    for (const n of [1, 2, 3]) await a.enqueue(sale(n));
    expect(changes.a).toBe(3);
    await Promise.all([a.syncNow(), b.syncNow()]);
    expect(server.sent.map((sent) => sent.publicId).sort()).toEqual(['pid-1', 'pid-2', 'pid-3']);
    expect(changes.a + changes.b).toBe(6);
    await b.refresh();
    expect(b.getState()).toMatchObject({ waiting: 0, records: [] });
  });

  it('sends the records in the order they were made, one at a time, with their keys', async () => {
    const db = await openOfflineDb(freshDbName());
    let inFlight = 0;
    let maxInFlight = 0;
    const server = fakeServer(() => ok);
    const { engine, synced } = engineOn(
      db,
      async (record) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return server.send(record);
      },
      { id: 7 },
    );
    for (const n of [1, 2, 3]) await engine.enqueue(sale(n));
    expect(engine.getState().waiting).toBe(3);
    await engine.syncNow();
    expect(server.sent).toEqual([
      { publicId: 'pid-1', key: 'key-1' },
      { publicId: 'pid-2', key: 'key-2' },
      { publicId: 'pid-3', key: 'key-3' },
    ]);
    expect(maxInFlight).toBe(1);
    expect(synced).toEqual(['pid-1', 'pid-2', 'pid-3']);
    expect(engine.getState()).toMatchObject({ waiting: 0, records: [], lastSyncAt: 1_000_000 });
  });

  it('retries with back-off on no answer or a 5xx, with the same key and public id, keeping the order', async () => {
    const db = await openOfflineDb(freshDbName());
    const server = fakeServer((record, attempt) =>
      attempt <= 2 ? { ok: false, status: attempt === 1 ? 0 : 503, detail: 'down' } : ok,
    );
    const { engine, clock } = engineOn(db, server.send, { id: 7 });
    await engine.enqueue(sale(1));
    await engine.enqueue(sale(2));

    await engine.syncNow();
    // The first failed: the second waits behind it.
    expect(server.sent).toEqual([{ publicId: 'pid-1', key: 'key-1' }]);
    let [first] = engine.getState().records;
    expect(first).toMatchObject({ status: 'waiting', attempts: 1, nextTryAt: 1_000_000 + backoffMs(1) });

    // Before the back-off ends, a timer pass sends nothing.
    clock.now += backoffMs(1) - 1;
    await engine.syncNow();
    expect(server.sent).toHaveLength(1);

    clock.now += 1;
    await engine.syncNow();
    [first] = engine.getState().records;
    expect(first).toMatchObject({ attempts: 2, nextTryAt: clock.now + backoffMs(2) });
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect(backoffMs(30)).toBe(5 * 60_000);

    // The connection comes back: sent at once, whatever the back-off.
    await engine.syncNow(true);
    expect(server.sent.map((s) => s.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(engine.getState().records).toEqual([]);
  });

  it('uploads a record’s file first, once, and sends the record with the stored file’s URL on every attempt', async () => {
    const db = await openOfflineDb(freshDbName());
    const attachment = {
      path: '/sales/upload-invoice',
      formField: 'invoice_file',
      fileName: 'invoice.png',
      type: 'image/png',
      bytes: new Uint8Array([137, 80, 78, 71]).buffer,
      bodyField: 'invoice_file_url',
    };
    const uploads: string[] = [];
    const uploadAnswers: TSendResult[] = [
      { ok: false, status: 0, detail: 'offline' },
      { ok: true, answer: '/api/files/f-1' },
    ];
    const upload: TUploader = async (file) => {
      uploads.push(`${file.fileName}:${new Uint8Array(file.bytes).length}`);
      return uploadAnswers.shift()!;
    };
    const bodies: unknown[] = [];
    const server = fakeServer((record, attempt) => {
      bodies.push(record.body);
      return attempt === 1 ? { ok: false, status: 503, detail: 'busy' } : ok;
    });
    const { engine, synced } = engineOn(db, server.send, { id: 7 }, { now: 1_000_000 }, upload);
    await engine.enqueue({ ...sale(1), attachment });
    await engine.enqueue(sale(2));

    // The upload got no answer: the sale is not sent, and the next one waits behind it.
    await engine.syncNow(true);
    expect(uploads).toEqual(['invoice.png:4']);
    expect(server.sent).toEqual([]);
    expect(engine.getState().records[0]).toMatchObject({ status: 'waiting', attempts: 1 });

    // Uploaded; the sale's first send fails; the retry sends the same body and does not upload again.
    await engine.syncNow(true);
    await engine.syncNow(true);
    expect(uploads).toHaveLength(2);
    expect(bodies).toEqual([
      { public_id: 'pid-1', customer_name: 'Customer 1', invoice_file_url: '/api/files/f-1' },
      { public_id: 'pid-1', customer_name: 'Customer 1', invoice_file_url: '/api/files/f-1' },
      { public_id: 'pid-2', customer_name: 'Customer 2' },
    ]);
    expect(synced).toEqual(['pid-1', 'pid-2']);
  });

  it('a refused upload leaves the record needing attention with the reason, unsent, and sync goes on', async () => {
    const db = await openOfflineDb(freshDbName());
    const upload: TUploader = async () => ({
      ok: false,
      status: 413,
      detail: 'File too large. Maximum size is 10MB.',
    });
    const server = fakeServer(() => ok);
    const { engine } = engineOn(db, server.send, { id: 7 }, { now: 1_000_000 }, upload);
    const attachment = {
      path: '/sales/upload-invoice',
      formField: 'invoice_file',
      fileName: 'big.pdf',
      type: 'application/pdf',
      bytes: new ArrayBuffer(8),
      bodyField: 'invoice_file_url',
    };
    await engine.enqueue({ ...sale(1), attachment });
    await engine.enqueue(sale(2));
    await engine.syncNow(true);
    expect(server.sent).toEqual([{ publicId: 'pid-2', key: 'key-2' }]);
    expect(engine.getState().records).toMatchObject([
      { publicId: 'pid-1', status: 'needs_attention', detail: 'File too large. Maximum size is 10MB.' },
    ]);
    expect(engine.getState().records[0]!.attachment?.fileName).toBe('big.pdf');
  });

  it('treats "already exists" for the record’s own public id as synced (its first answer was lost)', async () => {
    const db = await openOfflineDb(freshDbName());
    const server = fakeServer(() => ({
      ok: false,
      status: 409,
      detail: 'A sale with this public_id already exists',
    }));
    const { engine, synced } = engineOn(db, server.send, { id: 7 });
    await engine.enqueue(sale(1));
    await engine.syncNow();
    expect(synced).toEqual(['pid-1']);
    expect(engine.getState().records).toEqual([]);
  });

  it('marks a refused record as needing attention with the detail and goes on with the next', async () => {
    const db = await openOfflineDb(freshDbName());
    const server = fakeServer((record) =>
      record.publicId === 'pid-1'
        ? { ok: false, status: 409, detail: 'Insufficient stock for Rice: 0 left' }
        : ok,
    );
    const { engine, synced, refused } = engineOn(db, server.send, { id: 7 });
    await engine.enqueue(sale(1));
    await engine.enqueue(sale(2));
    await engine.syncNow();
    expect(synced).toEqual(['pid-2']);
    // The screens read again what the refused record would have changed.
    expect(refused).toEqual(['pid-1']);
    expect(engine.getState()).toMatchObject({ waiting: 0, needsAttention: 1 });
    expect(engine.getState().records[0]).toMatchObject({
      publicId: 'pid-1',
      status: 'needs_attention',
      detail: 'Insufficient stock for Rice: 0 left',
    });
    // A later pass leaves it alone.
    await engine.syncNow(true);
    expect(server.sent).toHaveLength(2);
  });

  it('leaves a record’s local fields off the wire: top-level, or each element’s of a list', () => {
    const body = {
      note: 'for the card',
      customer_name: 'Ada',
      items: [
        { item_id: 1, item_name: 'Rice', quantity: 2 },
        { item_id: 2, item_name: 'Beans', quantity: 1 },
      ],
    };
    expect(wireBody(body, ['note', 'items.*.item_name'])).toEqual({
      customer_name: 'Ada',
      items: [
        { item_id: 1, quantity: 2 },
        { item_id: 2, quantity: 1 },
      ],
    });
    expect(body.items[0]).toHaveProperty('item_name', 'Rice');
    expect(wireBody(body)).toEqual(body);
  });

  it('sends a record with its secret fields, and a refused one keeps them no longer', async () => {
    const db = await openOfflineDb(freshDbName());
    const bodies: Record<string, unknown>[] = [];
    const { engine } = engineOn(
      db,
      async (record) => {
        bodies.push(record.body);
        return { ok: false, status: 400, detail: 'Invalid access code' };
      },
      { id: 7 },
    );
    const { seq } = await engine.enqueue({
      ...sale(1),
      kind: 'return',
      body: { item_id: 4, return_quantity: 2, access_code: '4321' },
      secretFields: ['access_code'],
    });
    await engine.syncNow();
    expect(bodies).toEqual([{ item_id: 4, return_quantity: 2, access_code: '4321' }]);
    const [kept] = await recordsOf(db, 7);
    expect(kept).toMatchObject({ seq, status: 'needs_attention', body: { item_id: 4, return_quantity: 2 } });
    expect(kept!.body).not.toHaveProperty('access_code');
  });

  it('resends an edited record with a new key and the same public id, and discards one', async () => {
    const db = await openOfflineDb(freshDbName());
    let refuse = true;
    const server = fakeServer(() => (refuse ? { ok: false, status: 404, detail: 'Item not found' } : ok));
    const { engine, synced } = engineOn(db, server.send, { id: 7 });
    const first = await engine.enqueue(sale(1));
    const second = await engine.enqueue(sale(2));
    await engine.syncNow();
    expect(engine.getState().needsAttention).toBe(2);

    refuse = false;
    await engine.resend(first.seq, {
      body: { public_id: 'pid-1', customer_name: 'Edited' },
      newKey: 'key-1b',
    });
    await engine.syncNow();
    expect(server.sent.at(-1)).toEqual({ publicId: 'pid-1', key: 'key-1b' });
    expect(synced).toEqual(['pid-1']);

    expect(await engine.discard(second.seq)).toMatchObject({ publicId: 'pid-2' });
    expect(engine.getState().records).toEqual([]);
    expect(server.sent).toHaveLength(3);
  });

  it('pauses on a 401 until the next sign-in', async () => {
    const db = await openOfflineDb(freshDbName());
    let expired = true;
    const server = fakeServer(() => (expired ? { ok: false, status: 401, detail: 'Token expired' } : ok));
    const { engine } = engineOn(db, server.send, { id: 7 });
    await engine.enqueue(sale(1));
    await engine.enqueue(sale(2));
    await engine.syncNow();
    expect(engine.getState()).toMatchObject({ paused: true, waiting: 2 });
    await engine.syncNow(true);
    expect(server.sent).toHaveLength(1);

    expired = false;
    await engine.resume();
    await engine.syncNow();
    expect(engine.getState()).toMatchObject({ paused: false, waiting: 0 });
    expect(server.sent.map((s) => s.key)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('starts no pass while it may not send (an expired session): no record is marked sending', async () => {
    const db = await openOfflineDb(freshDbName());
    const server = fakeServer(() => ok);
    let sessionValid = false;
    const engine = createSyncEngine({
      db,
      send: server.send,
      currentUserId: () => 7,
      isOnline: () => true,
      canSend: () => sessionValid,
    });
    await engine.enqueue(sale(1));
    const states: string[] = [];
    engine.subscribe(() => states.push(...engine.getState().records.map((record) => record.status)));
    await engine.syncNow(true);
    expect(server.sent).toEqual([]);
    expect(states).not.toContain('sending');
    expect((await recordsOf(db, 7)).map((record) => record.status)).toEqual(['waiting']);

    sessionValid = true;
    await engine.resume();
    await engine.syncNow();
    expect(server.sent.map((s) => s.key)).toEqual(['key-1']);
    expect(engine.getState().waiting).toBe(0);
  });

  it('resumes after a restart: a fresh engine on the same database sends what is left, an interrupted send again', async () => {
    const name = freshDbName();
    const db = await openOfflineDb(name);
    const offline = fakeServer(() => ({ ok: false, status: 0, detail: 'offline' }));
    const { engine } = engineOn(db, offline.send, { id: 7 });
    for (const n of [1, 2, 3]) await engine.enqueue(sale(n));
    await engine.syncNow();
    // The tab closes while the first is being sent.
    const [interrupted] = await recordsOf(db, 7);
    await db.put('outbox', { ...interrupted!, status: 'sending' });
    db.close();

    const reopened = await openOfflineDb(name);
    const server = fakeServer(() => ok);
    const restarted = engineOn(reopened, server.send, { id: 7 });
    await restarted.engine.refresh();
    expect(restarted.engine.getState().records.map((record) => record.status)).toEqual([
      'waiting',
      'waiting',
      'waiting',
    ]);
    await restarted.engine.syncNow(true);
    expect(server.sent.map((s) => s.key)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(restarted.synced).toEqual(['pid-1', 'pid-2', 'pid-3']);
  });

  it('shows and sends only the signed-in user’s records on a shared device', async () => {
    const db = await openOfflineDb(freshDbName());
    const user: { id: number | null } = { id: 7 };
    const server = fakeServer(() => ({ ok: false, status: 0, detail: 'offline' }));
    const { engine } = engineOn(db, server.send, user);
    await engine.enqueue(sale(1));
    await engine.enqueue(sale(2));
    await engine.syncNow();

    user.id = 8;
    await engine.refresh();
    expect(engine.getState()).toMatchObject({ userId: 8, records: [], waiting: 0 });
    await engine.enqueue(sale(3));
    // User 7's records are not the signed-in user's to discard.
    expect(await engine.discard(1)).toBeNull();

    const online = fakeServer(() => ok);
    const other = engineOn(db, online.send, user);
    await other.engine.syncNow(true);
    expect(online.sent.map((s) => s.publicId)).toEqual(['pid-3']);

    user.id = null;
    await other.engine.refresh();
    expect(other.engine.getState().records).toEqual([]);
    await other.engine.syncNow(true);
    expect(online.sent).toHaveLength(1);

    user.id = 7;
    await other.engine.syncNow(true);
    expect(online.sent.map((s) => s.publicId)).toEqual(['pid-3', 'pid-1', 'pid-2']);
  });
});
