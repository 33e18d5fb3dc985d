import type { TReviewRecordType } from '@app/domain/schemas/admin-review';
import type { TLoginLogFilters } from '../utils/login-log-filters';
import type { TAuditFilters } from '../utils/audit-filters';

/** Query keys of the Admin Review screen, one factory for the feature. */
export const adminReviewKeys = {
  all: ['admin-review'] as const,
  loginLogs: (filters: TLoginLogFilters) => [...adminReviewKeys.all, 'login-logs', filters] as const,
  unverified: (recordType: TReviewRecordType) => [...adminReviewKeys.all, 'unverified', recordType] as const,
  flags: () => [...adminReviewKeys.all, 'flags'] as const,
  employees: () => [...adminReviewKeys.all, 'employees'] as const,
  audit: (filters: TAuditFilters) => [...adminReviewKeys.all, 'audit', filters] as const,
};
