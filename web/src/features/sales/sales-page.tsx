import { lazy, Suspense, useCallback } from 'react';
import { Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlugConnected, IconReceipt } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useHasPermission } from '../../lib/use-has-permission';
import { AddSaleTab } from './components/add-sale-tab';
import { FilterTab } from './components/filter-tab';
import { ListTab } from './components/list-tab';
import { PendingTab } from './components/pending-tab';
import { ProformaListTab } from './components/proforma-list-tab';
import { ProformaTab } from './components/proforma-tab';
import { ReceiptModal } from './components/receipt-modal';

// Charts load only with the Report tab.
const ReportTab = lazy(() => import('./components/report-tab').then((m) => ({ default: m.ReportTab })));

const TABS = [
  { value: 'list', label: 'List' },
  { value: 'add', label: 'Add Sale' },
  { value: 'proforma', label: 'Proforma' },
  { value: 'proforma-list', label: 'Proforma List' },
  { value: 'filter', label: 'Filter' },
  { value: 'pending', label: 'Pending' },
  { value: 'report', label: 'Report' },
] as const;
type TTab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TTab {
  return TABS.some((tab) => tab.value === value);
}

/** Sales (spec 2 §2): the tabs, the Receipt modal and the Connect POS button. The tab is kept in ?tab=. */
export function SalesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = isTab(requested) ? requested : 'list';
  const setTab = useCallback(
    (value: string | null) => setParams(value && value !== 'list' ? { tab: value } : {}, { replace: true }),
    [setParams],
  );
  const canConnectPos = useHasPermission('sales.connect_pos.access');
  const [receiptOpened, receipt] = useDisclosure(false);

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="light" leftSection={<IconReceipt size={18} />} onClick={receipt.open}>
          Receipt
        </Button>
        {canConnectPos && (
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={18} />}
            onClick={() => void navigate('/dashboard/settings')}
          >
            Connect POS or Account
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} bg="white">
        {/* Panels unmount when hidden: switching tab loads that tab's data. */}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="list">
            <ListTab />
          </Tabs.Panel>
          <Tabs.Panel value="add">
            <AddSaleTab onRecorded={() => setTab('list')} />
          </Tabs.Panel>
          <Tabs.Panel value="proforma">
            <ProformaTab />
          </Tabs.Panel>
          <Tabs.Panel value="proforma-list">
            <ProformaListTab />
          </Tabs.Panel>
          <Tabs.Panel value="filter">
            <FilterTab />
          </Tabs.Panel>
          <Tabs.Panel value="pending">
            <PendingTab />
          </Tabs.Panel>
          <Tabs.Panel value="report">
            <Suspense fallback={<PageSpinner />}>
              <ReportTab />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <ReceiptModal opened={receiptOpened} onClose={receipt.close} />
    </Stack>
  );
}
