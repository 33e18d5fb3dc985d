import type { TSale } from '@app/domain/schemas/sales';

/** Past its due date with money still outstanding (business dates compare as text). */
export const isOverdue = (sale: Pick<TSale, 'due_date' | 'outstanding'>, today: string) =>
  sale.outstanding > 0 && sale.due_date !== null && sale.due_date < today;
