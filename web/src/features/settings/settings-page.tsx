import { Paper, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AccessCode } from './components/access-code';
import { Alerts } from './components/alerts';
import { BankPos } from './components/bank-pos';
import { BusinessData } from './components/business-data';
import { CompanyDetails } from './components/company-details';
import { DeleteAccount } from './components/delete-account';
import { Discounts } from './components/discounts';
import { ManageAccess } from './components/manage-access';
import { Officers } from './components/officers';
import { PasswordChange } from './components/password-change';

const TABS = [
  { value: 'company', label: 'Company' },
  { value: 'access-code', label: 'Access Code' },
  { value: 'password', label: 'Password' },
  { value: 'officers', label: 'Officers' },
  { value: 'alerts', label: 'Alerts' },
  { value: 'discounts', label: 'Discounts' },
  { value: 'manage-access', label: 'Manage Access' },
  { value: 'bank-pos', label: 'Bank & POS' },
  { value: 'data', label: 'Your Data' },
  { value: 'delete-account', label: 'Delete Account' },
] as const;
type TTab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TTab {
  return TABS.some((tab) => tab.value === value);
}

/** Settings (spec 1 §2): every tab the spec names, Alerts and Discounts; the tab is kept in ?tab=. */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = isTab(requested) ? requested : 'company';

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'company' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((item) => (
          <Tabs.Panel key={item.value} value={item.value}>
            {item.value === 'manage-access' ? (
              <ManageAccess />
            ) : item.value === 'access-code' ? (
              <AccessCode />
            ) : item.value === 'company' ? (
              <CompanyDetails />
            ) : item.value === 'officers' ? (
              <Officers />
            ) : item.value === 'alerts' ? (
              <Alerts />
            ) : item.value === 'discounts' ? (
              <Discounts />
            ) : item.value === 'password' ? (
              <PasswordChange />
            ) : item.value === 'delete-account' ? (
              <DeleteAccount />
            ) : item.value === 'bank-pos' ? (
              <BankPos />
            ) : item.value === 'data' ? (
              <BusinessData />
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
