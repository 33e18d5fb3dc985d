import { toCsv } from '@app/domain/csv/csv';
import { phoneKey } from '@app/domain/phone/nigerian-phone';
import { businessDate } from '@app/domain/dates/business-date';
import type {
  TCustomer,
  TCustomerListQuery,
  TCustomerPage,
  TCustomerRequest,
} from '@app/domain/schemas/customers';
import type { TActor } from '../../platform/auth/access.ts';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation, PUBLIC_ID_TAKEN } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { CUSTOMER_HEADERS, customersWorkbookFile, type TCustomerCells } from './customers-export.ts';
import { createCustomersRepository, type TCustomerRow } from './customers.repository.ts';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
const DUPLICATE_PHONE = 'A customer with this phone already exists';
const exportCells = (row: TCustomerRow): TCustomerCells => [
  row.id,
  row.name,
  row.phone,
  row.email ?? '',
  row.address ?? '',
  businessDate(row.createdAt),
];

function customerView(row: TCustomerRow): TCustomer {
  return {
    customer_id: row.id,
    public_id: row.publicId,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    created_at: row.createdAt.toISOString(),
  };
}

/** Runs a write, turning the (tenant, phone) unique index into the 409 the screen shows. */
async function guardPhone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'customers_public_id_uq'))
      throw new AppError('conflict', PUBLIC_ID_TAKEN('customer'));
    if (isUniqueViolation(error)) throw new AppError('conflict', DUPLICATE_PHONE);
    throw error;
  }
}

export function createCustomersService(deps: { db: Database }) {
  const repo = createCustomersRepository(deps.db);

  return {
    async list(actor: TActor, query: TCustomerListQuery): Promise<TCustomerPage> {
      const { rows, more, total } = await repo.page(actor.tenantId, {
        search: query.search || null,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        before: query.before ?? null,
        count: query.count,
      });
      const page = { customers: rows.map(customerView), total, page: query.page, limit: query.limit };
      const keyset = query.before !== undefined || !query.count;
      return keyset ? { ...page, next_before: more ? rows[rows.length - 1]!.id : null } : page;
    },

    async metrics(actor: TActor) {
      return { total_customers: await repo.count(actor.tenantId) };
    },

    async create(actor: TActor, input: TCustomerRequest): Promise<TCustomer> {
      return guardPhone(() =>
        deps.db.transaction(async (tx) => {
          const txRepo = createCustomersRepository(tx);
          if ((await txRepo.idOf(actor.tenantId, { phone: input.phone })) !== null)
            throw new AppError('conflict', DUPLICATE_PHONE);
          const customer = customerView(await txRepo.insert(actor.tenantId, input, input.public_id));
          await writeAudit(tx, actor, {
            kind: 'customer.created',
            recordType: 'customer',
            recordId: customer.customer_id,
            after: customer,
          });
          return customer;
        }),
      );
    },

    async update(actor: TActor, customerId: number, input: TCustomerRequest): Promise<TCustomer> {
      return guardPhone(() =>
        deps.db.transaction(async (tx) => {
          const txRepo = createCustomersRepository(tx);
          const before = await txRepo.lock(actor.tenantId, customerId);
          if (!before) throw notFound(CUSTOMER_NOT_FOUND);
          // Only a new number is checked: customers from before migration 0033 may share one, and stay editable.
          if (
            phoneKey(input.phone) !== before.phoneKey &&
            (await txRepo.idOf(actor.tenantId, { phone: input.phone })) !== null
          )
            throw new AppError('conflict', DUPLICATE_PHONE);
          const customer = customerView((await txRepo.update(actor.tenantId, customerId, input))!);
          await writeAudit(tx, actor, {
            kind: 'customer.updated',
            recordType: 'customer',
            recordId: customerId,
            before: customerView(before),
            after: customer,
          });
          return customer;
        }),
      );
    },

    async remove(actor: TActor, customerId: number) {
      await deps.db.transaction(async (tx) => {
        const removed = await createCustomersRepository(tx).remove(actor.tenantId, customerId);
        if (!removed) throw notFound(CUSTOMER_NOT_FOUND);
        await writeAudit(tx, actor, {
          kind: 'customer.deleted',
          recordType: 'customer',
          recordId: customerId,
          before: customerView(removed),
        });
      });
      return { success: true, message: 'Customer deleted' };
    },

    /** The matching customers as CSV text, newest first, with a byte-order mark so Excel reads UTF-8. */
    async exportCsv(actor: TActor, search: string | null): Promise<string> {
      const rows = await repo.all(actor.tenantId, search);
      return `\uFEFF${toCsv(CUSTOMER_HEADERS, rows.map(exportCells))}`;
    },

    /** The same list as .xlsx, built on a document worker in one of the business's document slots. */
    async exportWorkbook(actor: TActor, search: string | null): Promise<Buffer> {
      return customersWorkbookFile(actor.tenantId, async () =>
        (await repo.all(actor.tenantId, search)).map(exportCells),
      );
    },
  };
}

export type TCustomersService = ReturnType<typeof createCustomersService>;
