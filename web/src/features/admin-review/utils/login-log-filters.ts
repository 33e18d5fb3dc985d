import type { TLoginLogQuery } from '@app/domain/schemas/admin-review';

/** The Login Logs filters as the form keeps them ('' for none). */
export type TLoginLogFilters = {
  outcome: '' | 'success' | 'failure';
  user_id: string;
  from: string;
  to: string;
};

export const NO_LOGIN_LOG_FILTERS: TLoginLogFilters = { outcome: '', user_id: '', from: '', to: '' };

/** The filters as the list's query (empty ones left out). */
export function loginLogQuery(filters: TLoginLogFilters): Partial<Record<keyof TLoginLogQuery, string>> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}
