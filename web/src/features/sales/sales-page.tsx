import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlugConnected, IconReceipt } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useHasPermission } from '../../lib/use-has-permission';
import { AddSaleTab } from './components/add-sale-tab';
import classes from './sales-page.module.css';

// The screen opens on Add Sale: every other tab (the Report's charts too) and the Receipt modal load when opened.
const ListTab = lazy(() => import('./components/list-tab').then((m) => ({ default: m.ListTab })));
const ProformaTab = lazy(() => import('./components/proforma-tab').then((m) => ({ default: m.ProformaTab })));
const ProformaListTab = lazy(() =>
  import('./components/proforma-list-tab').then((m) => ({ default: m.ProformaListTab })),
);
const FilterTab = lazy(() => import('./components/filter-tab').then((m) => ({ default: m.FilterTab })));
const PendingTab = lazy(() => import('./components/pending-tab').then((m) => ({ default: m.PendingTab })));
const ReportTab = lazy(() => import('./components/report-tab').then((m) => ({ default: m.ReportTab })));
const ReceiptModal = lazy(() =>
  import('./components/receipt-modal').then((m) => ({ default: m.ReceiptModal })),
);

// In the spec's order (spec 2 §2); the screen opens on Add Sale, since selling is what it is opened for most.
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

/**
 * Sales (spec 2 §2): the tabs (one row that scrolls sideways on a phone), the Receipt modal and the
 * Connect POS button. The tab is kept in ?tab=; Add Sale when none is named.
 */
export function SalesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // Without the sales page's key the section opens for its Report tab alone (sections.ts alsoOpenedBy).
  const reportOnly = !useHasPermission('sales.page.access');
  const tabs = reportOnly ? TABS.filter((item) => item.value === 'report') : TABS;
  const tab: TTab = reportOnly ? 'report' : isTab(requested) ? requested : 'add';
  const setTab = useCallback(
    (value: string | null) => setParams(value && value !== 'add' ? { tab: value } : {}, { replace: true }),
    [setParams],
  );
  const canConnectPos = useHasPermission('sales.connect_pos.access');
  const tabList = useRef<HTMLDivElement>(null);
  // The chosen tab is scrolled into the row's view (a link may open one far to the right on a phone). Measured
  // in the next frame, with the layout the browser does for it anyway, not forced inside React's commit.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = tabList.current;
      const active = list?.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!list || !active) return;
      const offset = active.getBoundingClientRect().left - list.getBoundingClientRect().left;
      list.scrollLeft += offset - (list.clientWidth - active.offsetWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [tab]);
  const [receiptOpened, receipt] = useDisclosure(false);
  // Loaded on the first tap, then kept mounted like before.
  const [receiptLoaded, setReceiptLoaded] = useState(false);

  return (
    <Stack gap="md">
      {/* One row on a phone too (Receipt shows its icon only there): the sale form starts higher. */}
      {!reportOnly && (
        <Group justify="flex-end" gap="xs" wrap="nowrap">
          <Button
            variant="light"
            px="sm"
            aria-label="Receipt"
            onClick={() => {
              setReceiptLoaded(true);
              receipt.open();
            }}
          >
            <Group gap={8} wrap="nowrap">
              <IconReceipt size={20} />
              <Box component="span" visibleFrom="xs">
                Receipt
              </Box>
            </Group>
          </Button>
          {canConnectPos && (
            <Button
              variant="default"
              px="sm"
              leftSection={<IconPlugConnected size={18} />}
              onClick={() => void navigate('/dashboard/settings')}
            >
              Connect POS or Account
            </Button>
          )}
        </Group>
      )}
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} bg="white">
        {/* Panels unmount when hidden: switching tab loads that tab's data. */}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md" className={classes.tabs} ref={tabList}>
            {tabs.map((item) => (
              <Tabs.Tab key={item.value} value={item.value} className={classes.tab}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Suspense fallback={<PageSpinner />}>
            <Tabs.Panel value="list">
              <ListTab />
            </Tabs.Panel>
            <Tabs.Panel value="add">
              <AddSaleTab />
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
              <ReportTab />
            </Tabs.Panel>
          </Suspense>
        </Tabs>
      </Paper>
      {receiptLoaded && (
        <Suspense fallback={null}>
          <ReceiptModal opened={receiptOpened} onClose={receipt.close} />
        </Suspense>
      )}
    </Stack>
  );
}
