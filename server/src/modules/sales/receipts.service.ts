import type { Database } from '../../platform/db/client.ts';
import type { TCompanyService } from '../settings/company.service.ts';
import type { TProformasService } from './proformas.service.ts';
import type { TSalesService } from './sales.service.ts';

/** Receipt and proforma PDFs (A4 and 80 mm thermal) and receipt e-mails through the outbox. */
export function createReceiptsService(_deps: {
  db: Database;
  sales: TSalesService;
  proformas: TProformasService;
  company: TCompanyService;
}) {
  return {};
}

export type TReceiptsService = ReturnType<typeof createReceiptsService>;
