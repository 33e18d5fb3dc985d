import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { isMdRole } from '@app/domain/permissions/check';
import { REQUISITION_PAGE_SIZE, type TRequisition } from '@app/domain/schemas/requisitions';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageFooter } from '../../../components/table-parts';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../lib/use-auth';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useRequisitionAction } from '../api/change-requisition';
import { exportRequisitions } from '../api/export-requisitions';
import { useRequisitions } from '../api/get-requisitions';
import { NO_FILTERS, type TRequisitionFilters } from '../utils/requisition-form';
import { DENIED, REQUISITION_TEXT } from '../utils/requisition-messages';
import { RemarkModal } from './remark-modal';
import { RequisitionFilters } from './requisition-filters';
import { RequisitionTable, type TRowAction } from './requisition-table';

const filtered = (filters: TRequisitionFilters) =>
  Object.values(filters).some((value) => value.trim() !== '');

/** The list mode: filters, exports, New Requisition, the table (20 a page) and its actions. */
export function RequisitionList({
  onNew,
  onEdit,
}: {
  onNew: () => void;
  onEdit: (row: TRequisition) => void;
}) {
  const [filters, setFilters] = useState<TRequisitionFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<TRequisition | null>(null);
  const [toRemark, setToRemark] = useState<TRequisition | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'excel' | null>(null);
  const skip = (page - 1) * REQUISITION_PAGE_SIZE;
  const list = useRequisitions(filters, skip);
  const act = useRequisitionAction();
  const may = {
    approve: useHasPermission('requisitions.approve'),
    reject: useHasPermission('requisitions.reject'),
    delete: useHasPermission('requisitions.delete'),
    remark: useHasPermission('requisitions.update_remark'),
  };
  const auth = useAuth();
  // Only its requester (or the MD) edits a requisition: an approver must not set what they approve.
  const mayEdit = (row: TRequisition) =>
    isMdRole(auth.role) || (auth.userId !== null && row.requested_by_id === auth.userId);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const onAction = (kind: TRowAction, row: TRequisition) => {
    if (kind === 'edit') return onEdit(row);
    if (!may[kind]) return notifyFailure(DENIED[kind]);
    if (kind === 'delete') return setToDelete(row);
    if (kind === 'remark') return setToRemark(row);
    act.mutate(
      { kind, id: row.requisition_id },
      {
        onSuccess: (answer) => notifySuccess(answer.msg),
        onError: (error) =>
          notifyError(
            error,
            kind === 'approve' ? REQUISITION_TEXT.approveFailure : REQUISITION_TEXT.rejectFailure,
          ),
      },
    );
  };

  const download = async (format: 'csv' | 'excel') => {
    setExporting(format);
    try {
      await exportRequisitions(filters, format);
    } catch (error) {
      notifyError(error, REQUISITION_TEXT.exportFailure);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Requisitions</Title>
        <Group gap="sm">
          {(['csv', 'excel'] as const).map((format) => (
            <Button
              key={format}
              variant="default"
              leftSection={<IconDownload size={18} />}
              loading={exporting === format}
              disabled={exporting !== null && exporting !== format}
              onClick={() => void download(format)}
            >
              {format === 'csv' ? 'Export CSV' : 'Export Excel'}
            </Button>
          ))}
          <Button leftSection={<IconPlus size={18} />} onClick={onNew}>
            New Requisition
          </Button>
        </Group>
      </Group>
      <RequisitionFilters
        applied={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <Paper withBorder radius="md" p="md">
        {list.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(
              list.error,
              filtered(filters) ? REQUISITION_TEXT.filterFailure : REQUISITION_TEXT.listFailure,
            )}
          </Alert>
        ) : !list.isPending && rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {filtered(filters) ? REQUISITION_TEXT.noRecords : REQUISITION_TEXT.noRequisitions}
          </Text>
        ) : (
          <Stack gap="sm">
            <RequisitionTable
              requisitions={rows}
              loading={list.isPending || list.isPlaceholderData}
              showRemark={may.remark}
              mayEdit={mayEdit}
              onAction={onAction}
            />
            <PageFooter
              skip={skip}
              shown={rows.length}
              total={total}
              pageSize={REQUISITION_PAGE_SIZE}
              page={page}
              onPage={setPage}
            />
          </Stack>
        )}
      </Paper>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete requisition"
        pending={act.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          act.mutate(
            { kind: 'delete', id: toDelete.requisition_id },
            {
              onSuccess: (answer) => {
                notifySuccess(answer.msg);
                setToDelete(null);
              },
              onError: (error) => notifyError(error, REQUISITION_TEXT.deleteFailure),
            },
          )
        }
      >
        <Text size="sm">{REQUISITION_TEXT.confirmDelete}</Text>
      </ConfirmDeleteModal>
      <RemarkModal
        requisition={toRemark}
        pending={act.isPending}
        onClose={() => setToRemark(null)}
        onSave={(remark) =>
          toRemark &&
          act.mutate(
            { kind: 'remark', id: toRemark.requisition_id, remark },
            {
              onSuccess: (answer) => {
                notifySuccess(answer.msg);
                setToRemark(null);
              },
              onError: (error) => notifyError(error, REQUISITION_TEXT.remarkFailure),
            },
          )
        }
      />
    </Stack>
  );
}
