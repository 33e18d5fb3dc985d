import type { TAuditRecordType } from '@app/domain/schemas/audit';

/** The Audit Log filters as the form keeps them ('' for none). */
export type TAuditFilters = {
  record_type: '' | TAuditRecordType;
  record_id: string;
  user_id: string;
  from: string;
  to: string;
};

export const NO_AUDIT_FILTERS: TAuditFilters = {
  record_type: '',
  record_id: '',
  user_id: '',
  from: '',
  to: '',
};

/** The filters as the list's and the export's query (empty ones left out, the record id trimmed). */
export function auditQuery(filters: TAuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...filters, record_id: filters.record_id.trim() }).filter(([, value]) => value !== ''),
  );
}
