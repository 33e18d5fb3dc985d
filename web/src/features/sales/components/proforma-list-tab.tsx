import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TPdfFormat, TProforma } from '@app/domain/schemas/sales';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { downloadCsv } from '../../../lib/csv';
import { formatCount } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useProformaPdf } from '../api/download-proforma-pdf';
import { useAllProformas } from '../api/get-all-proformas';
import { ConvertProformaModal } from './convert-proforma-modal';
import { DocumentSharePanel } from './document-share-panel';
import { downloadPdf } from '../utils/pdf-file';
import {
  NO_PROFORMA_FILTERS,
  PROFORMA_CSV_HEADERS,
  PROFORMA_PAGE_SIZE,
  filterProformas,
  proformaCsvRows,
  proformasFilename,
  type TProformaFilters,
  type TProformaStatusFilter,
} from '../utils/proforma-list-filter';
import { failureText, notifySaleError } from '../utils/sale-form-notify';
import { DeleteProformaModal } from './proforma-list-delete-modal';
import { ProformaTable } from './proforma-table';

export const PROFORMA_LIST_MESSAGES = {
  loadFailure: 'Failed to load proformas',
  downloadFailure: 'Failed to download proforma',
  deleteDenied: DENIED_MESSAGES['sales.delete_proforma.access'],
  exportDenied: DENIED_MESSAGES['sales.export.access'],
  empty: 'No proforma invoices yet. Create one in the Proforma tab.',
  noMatch: 'No proforma invoices match these filters.',
} as const;

/** Proforma List (spec 2 §2): filters in the browser, 20 a page, CSV, PDF, WhatsApp, convert and delete. */
export function ProformaListTab() {
  const proformas = useAllProformas();
  const canDelete = useHasPermission('sales.delete_proforma.access');
  const canConvert = useHasPermission('sales.create.access');
  const canExport = useHasPermission('sales.export.access');
  const pdf = useProformaPdf();
  const [filters, setFilters] = useState<TProformaFilters>(NO_PROFORMA_FILTERS);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<TProforma | null>(null);
  const [toConvert, setToConvert] = useState<TProforma | null>(null);
  const [toShare, setToShare] = useState<TProforma | null>(null);
  const all = proformas.data;
  const filtered = useMemo(() => filterProformas(all ?? [], filters), [all, filters]);
  const pages = Math.max(1, Math.ceil(filtered.length / PROFORMA_PAGE_SIZE));
  const current = Math.min(page, pages);
  const first = (current - 1) * PROFORMA_PAGE_SIZE;
  const visible = filtered.slice(first, first + PROFORMA_PAGE_SIZE);

  const changeFilters = (next: Partial<TProformaFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
  };

  const downloadProformaPdf = (proforma: TProforma, format: TPdfFormat) =>
    pdf.mutate(
      { proforma_id: proforma.proforma_id, format },
      {
        onSuccess: (file) =>
          downloadPdf(
            file,
            `proforma_${proforma.proforma_number}${format === 'thermal' ? '_thermal' : ''}.pdf`,
          ),
        onError: (error) => notifySaleError(failureText(PROFORMA_LIST_MESSAGES.downloadFailure, error)),
      },
    );

  const askDelete = (proforma: TProforma) => {
    if (!canDelete) {
      notifySaleError(PROFORMA_LIST_MESSAGES.deleteDenied);
      return;
    }
    setToDelete(proforma);
  };

  if (waitsForNetwork(proformas)) return <OfflineListNotice />;
  if (proformas.isError) {
    return (
      <Alert color="red" role="alert">
        {failureText(PROFORMA_LIST_MESSAGES.loadFailure, proformas.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label="Customer"
          placeholder="Search by customer"
          leftSection={<IconSearch size={16} />}
          value={filters.customer}
          onChange={(event) => changeFilters({ customer: event.currentTarget.value })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="proforma-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="proforma-status-label"
            fullWidth
            value={filters.status}
            onChange={(value) => changeFilters({ status: value as TProformaStatusFilter })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'pending', label: 'Pending' },
              { value: 'converted', label: 'Converted' },
            ]}
          />
        </Stack>
        <TextInput
          type="date"
          label="From"
          value={filters.start}
          max={filters.end || undefined}
          onChange={(event) => changeFilters({ start: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.end}
          min={filters.start || undefined}
          onChange={(event) => changeFilters({ end: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {all ? `${formatCount(filtered.length)} of ${formatCount(all.length)} proforma invoices` : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" size="sm" onClick={() => changeFilters(NO_PROFORMA_FILTERS)}>
            Clear
          </Button>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDownload size={18} />}
            disabled={filtered.length === 0}
            onClick={() =>
              canExport
                ? downloadCsv(
                    proformasFilename(businessDate()),
                    PROFORMA_CSV_HEADERS,
                    proformaCsvRows(filtered),
                  )
                : notifySaleError(PROFORMA_LIST_MESSAGES.exportDenied)
            }
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      <ProformaTable
        proformas={visible}
        loading={proformas.isPending}
        emptyText={all?.length ? PROFORMA_LIST_MESSAGES.noMatch : PROFORMA_LIST_MESSAGES.empty}
        actions={{
          onPdf: downloadProformaPdf,
          onConvert: canConvert ? setToConvert : undefined,
          onDelete: askDelete,
          onShare: setToShare,
          pdfBusyId: pdf.isPending ? (pdf.variables?.proforma_id ?? null) : null,
        }}
      />
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            siblings={1}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
      <DeleteProformaModal proforma={toDelete} onClose={() => setToDelete(null)} />
      {/* The compound form puts the name on the dialog itself (Modal's own props go to a wrapper). */}
      <Modal.Root opened={toShare !== null} onClose={() => setToShare(null)} centered>
        <Modal.Overlay />
        <Modal.Content aria-label="Share on WhatsApp">
          <Modal.Body p={0}>
            {toShare && (
              <DocumentSharePanel
                document={{
                  type: 'proforma',
                  id: toShare.proforma_id,
                  label: `proforma #${toShare.proforma_number}`,
                  customerPhone: toShare.customer_phone,
                }}
                onClose={() => setToShare(null)}
              />
            )}
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
      <ConvertProformaModal
        proforma={toConvert}
        opened={toConvert !== null}
        onClose={() => setToConvert(null)}
      />
    </Stack>
  );
}
