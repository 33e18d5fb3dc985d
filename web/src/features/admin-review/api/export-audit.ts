import { api } from '../../../lib/api-client';
import { auditQuery, type TAuditFilters } from '../utils/audit-filters';

/** The matching entries as the server's CSV. */
export const exportAudit = (filters: TAuditFilters) =>
  api.getBlob('/audit/export', { query: auditQuery(filters) });
