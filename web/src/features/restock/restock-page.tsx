import { Paper, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar, IconPackage, IconTable } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ManageItemsTab } from './components/manage-items-tab';
import { ReportsTab } from './components/reports-tab';
import { RestockHeader } from './components/restock-header';
import { ViewDataTab } from './components/view-data-tab';

const TABS = [
  { value: 'manage', label: 'Manage Items', icon: IconPackage },
  { value: 'view', label: 'View Data', icon: IconTable },
  { value: 'reports', label: 'Reports', icon: IconChartBar },
] as const;
type TTab = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TTab => TABS.some((tab) => tab.value === value);

/** Restock Management (spec 3 §2.1). The tab is kept in ?tab= so a reload stays on it. */
export function RestockPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = isTab(requested) ? requested : 'manage';
  // On a phone the three tabs share the width, without icons, on one line.
  const phone = useMediaQuery('(max-width: 36em)');

  return (
    <Stack gap="md">
      <RestockHeader />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'manage' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Paper withBorder radius="md" px="xs" mb="md">
          <Tabs.List grow={phone}>
            {TABS.map(({ value, label, icon: Icon }) => (
              <Tabs.Tab
                key={value}
                value={value}
                px={phone ? 6 : undefined}
                leftSection={phone ? undefined : <Icon size={18} aria-hidden="true" />}
              >
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Paper>
        <Tabs.Panel value="manage">
          <ManageItemsTab />
        </Tabs.Panel>
        <Tabs.Panel value="view">
          <ViewDataTab />
        </Tabs.Panel>
        <Tabs.Panel value="reports">
          <ReportsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
