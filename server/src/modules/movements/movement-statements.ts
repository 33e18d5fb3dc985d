/**
 * The hot statements that record a movement (see docs/decisions.md "A movement in two statements"): compiled
 * once, run by the movements repository. One finds the movement's ends and locks their items; one writes the
 * movement, its ledger entries (LEDGER_WRITES, values from `ledger.writesInBulk`) and its audit entry.
 */
import { sql, type SQL } from 'drizzle-orm';
import { hotStatement, placeholders } from '../../platform/db/prepared.ts';
import { auditEntries, items, stockMovements, warehouses } from '../../platform/db/schema/index.ts';
import { LEDGER_WRITES, lockedItemsMember, type TLedgerWrites } from '../inventory/index.ts';
import { visibleTo } from '../warehouses/index.ts';

/** What a movement names, as MOVEMENT_ENDS takes it. */
export type TMovementEndsValues = {
  tenantId: number;
  employeeId: number | null;
  source: string;
  destination: string | null;
  itemId: number | null;
  itemName: string | null;
  /** The destination item's name; the source item's when null. */
  itemNameTo: string | null;
};

const ends = placeholders<TMovementEndsValues>();

/**
 * The source and destination warehouses (those the caller may use), the movement's item in each (the source
 * item by `sourceItem`, the destination item by its name there: `itemNameTo`, else the source item's own name,
 * so an `item_name` that disagrees with `item_id` cannot move one product's stock into another), the lock on those items in the ledger's id
 * order, the movement's id (nextval) and the transaction's clock.
 */
const movementEnds = (sourceItem: SQL) =>
  hotStatement<TMovementEndsValues>(sql`
  with ends as (
    select ${warehouses.id} as "warehouseId", ${warehouses.name} as "warehouseName", i.id as item_id,
      i.name as item_name, i.price_kobo, i.barcode, i.reorder_level, i.description
    from ${warehouses}
    left join ${items} i on i.warehouse_id = ${warehouses.id} and i.deleted_at is null
      and ((lower(${warehouses.name}) = lower(${ends('source')}::text) and ${sourceItem})
        or (lower(${warehouses.name}) = lower(coalesce(${ends('destination')}::text, ''))
          and lower(i.name) = lower(coalesce(${ends('itemNameTo')}::text,
            (select s.name from ${items} s where s.id = coalesce(${ends('itemId')}::int, 0)
              and s.tenant_id = ${ends('tenantId')}::int), ${ends('itemName')}::text))))
    where ${visibleTo(ends('tenantId'), ends('employeeId'))}
      and lower(${warehouses.name}) in (lower(${ends('source')}::text),
        lower(coalesce(${ends('destination')}::text, ${ends('source')}::text)))),
  ${lockedItemsMember(sql`true`, {
    tenantId: ends('tenantId'),
    itemIds: sql`(select array_agg(item_id) from ends)::int[]`,
  })}
  select (select json_agg(ends) from ends) as ends, (select json_agg(locked_items) from locked_items) as locked,
    nextval(pg_get_serial_sequence('stock_movements', 'id'))::int as "movementId", now() as now`);

/** MOVEMENT_ENDS for a movement that names its source item by id, and for one that names it by name. */
export const MOVEMENT_ENDS = {
  byId: movementEnds(sql`i.id = ${ends('itemId')}::int`),
  byName: movementEnds(sql`lower(i.name) = lower(${ends('itemName')}::text)`),
};

/** The movement's row, as WRITE_MOVEMENT takes it (its id and clock come from MOVEMENT_ENDS). */
export type TMovementValues = {
  movementId: number;
  publicId: string;
  tenantId: number;
  transferType: string;
  fromWarehouseId: number;
  fromItemId: number;
  toWarehouseId: number | null;
  toItemId: number | null;
  quantity: number;
  issuedBy: string;
  receivedBy: string | null;
  customerName: string | null;
  notes: string | null;
  movementDate: string;
  userId: number;
  /** The audit entry: who recorded it and the movement's view. */
  userName: string;
  auditAfter: string;
};

/** The movement, its ledger entries, the items' days and balances, and its `movement.recorded` audit entry. */
export const WRITE_MOVEMENT = (() => {
  const p = placeholders<TMovementValues & TLedgerWrites>();
  return hotStatement<TMovementValues & TLedgerWrites>(sql`
  with movement as (
    insert into ${stockMovements} (id, public_id, tenant_id, transfer_type, from_warehouse_id, from_item_id,
      to_warehouse_id, to_item_id, quantity, issued_by, received_by, customer_name, notes, movement_date, user_id)
    values (${p('movementId')}::int, ${p('publicId')}::uuid, ${p('tenantId')}::int, ${p('transferType')}::text,
      ${p('fromWarehouseId')}::int, ${p('fromItemId')}::int, ${p('toWarehouseId')}::int, ${p('toItemId')}::int,
      ${p('quantity')}::int, ${p('issuedBy')}::text, ${p('receivedBy')}::text, ${p('customerName')}::text,
      ${p('notes')}::text, ${p('movementDate')}::date, ${p('userId')}::int)),
  ${LEDGER_WRITES},
  audit as (
    insert into ${auditEntries} (tenant_id, user_id, user_name, kind, record_type, record_id, after)
    values (${p('tenantId')}::int, ${p('userId')}::int, ${p('userName')}::text, 'movement.recorded', 'movement',
      ${p('movementId')}::int::text, ${p('auditAfter')}::jsonb))
  select 1`);
})();
