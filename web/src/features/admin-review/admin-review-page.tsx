import { Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isMdRole } from '@app/domain/permissions/check';
import { useAuth } from '../../lib/use-auth';
import { AuditLogTab } from './components/audit-log-tab';
import { EmployeesTab } from './components/employees-tab';
import { FlaggedTab } from './components/flagged-tab';
import { LoginLogsTab } from './components/login-logs-tab';
import { UnverifiedTab } from './components/unverified-tab';

const TABS = [
  { value: 'login-logs', label: 'Login Logs' },
  { value: 'sales', label: 'Unverified Sales' },
  { value: 'expenses', label: 'Unverified Expenses' },
  { value: 'purchases', label: 'Unverified Goods Bought' },
  { value: 'flagged', label: 'Flagged' },
  { value: 'employees', label: 'Employees' },
] as const;
const AUDIT_TAB = { value: 'audit', label: 'Audit Log' } as const;

/**
 * Admin Review (spec 3 §2.7): sign-in logs, the sales, expenses and goods bought still to verify, the open
 * flags and the employees; the MD also reads the audit trail here. The tab is kept in the address (?tab=).
 */
export function AdminReviewPage() {
  const auth = useAuth();
  const isMd = isMdRole(auth.role);
  const tabs = isMd ? [...TABS, AUDIT_TAB] : TABS;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.some((t) => t.value === asked) ? asked! : 'login-logs';

  return (
    <Stack>
      <Text c="dimmed" size="sm">
        Review sign-ins, verify records and flag what the MD should look at.
      </Text>
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value })} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="login-logs" pt="md">
          <LoginLogsTab />
        </Tabs.Panel>
        <Tabs.Panel value="sales" pt="md">
          <UnverifiedTab recordType="sale" />
        </Tabs.Panel>
        <Tabs.Panel value="expenses" pt="md">
          <UnverifiedTab recordType="expense" />
        </Tabs.Panel>
        <Tabs.Panel value="purchases" pt="md">
          <UnverifiedTab recordType="purchase" />
        </Tabs.Panel>
        <Tabs.Panel value="flagged" pt="md">
          <FlaggedTab />
        </Tabs.Panel>
        <Tabs.Panel value="employees" pt="md">
          <EmployeesTab />
        </Tabs.Panel>
        {isMd && (
          <Tabs.Panel value="audit" pt="md">
            <AuditLogTab mdUserId={auth.userId} mdName={auth.username} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
