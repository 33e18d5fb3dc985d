import { useState } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { AUDIT_RECORD_TYPES, type TAuditRecordType } from '@app/domain/schemas/audit';
import { businessDate } from '@app/domain/dates/business-date';
import { FilterPanel } from '../../../components/filter-panel';
import { downloadBlob } from '../../../lib/csv';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { exportAudit } from '../api/export-audit';
import { useAudit } from '../api/get-audit';
import { useReviewEmployees } from '../api/get-review-employees';
import { NO_AUDIT_FILTERS, type TAuditFilters } from '../utils/audit-filters';
import { AuditEntryCard } from './audit-entry-card';
import { ListStates } from './list-states';
import { PersonDatesFields } from './person-dates-fields';

const recordTypeLabel = (type: string) => type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The MD's audit trail: filters, each entry's values before and after, Load more, and a CSV export. */
export function AuditLogTab({ mdUserId, mdName }: { mdUserId: number | null; mdName: string }) {
  const [filters, setFilters] = useState<TAuditFilters>(NO_AUDIT_FILTERS);
  const [exporting, setExporting] = useState(false);
  const audit = useAudit(filters);
  const employees = useReviewEmployees();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const people = [
    ...(mdUserId ? [{ value: String(mdUserId), label: `${mdName} (MD)` }] : []),
    ...(employees.data ?? []).map((e) => ({ value: String(e.employee_id), label: e.name })),
  ];

  const download = async () => {
    setExporting(true);
    try {
      downloadBlob(`audit_${businessDate()}.csv`, await exportAudit(filters));
      notifySuccess('Exported successfully');
    } catch (error) {
      notifyError(error, 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <FilterPanel
        applied={filters}
        empty={NO_AUDIT_FILTERS}
        onApply={setFilters}
        fields={(draft, change) => (
          <>
            <Select
              label="Area"
              placeholder="Every area"
              clearable
              searchable
              data={AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: recordTypeLabel(type) }))}
              value={draft.record_type || null}
              onChange={(value) => change({ record_type: (value ?? '') as '' | TAuditRecordType })}
            />
            <TextInput
              label="Record ID"
              value={draft.record_id}
              onChange={(event) => change({ record_id: event.currentTarget.value })}
            />
            <PersonDatesFields draft={draft} change={change} people={people} />
          </>
        )}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={() => void download()}
        >
          Export CSV
        </Button>
      </Group>
      <ListStates
        label="audit log"
        isPending={audit.isPending}
        error={audit.error}
        empty={entries.length === 0}
        emptyText="No changes match"
        hasNextPage={audit.hasNextPage}
        isFetchingNextPage={audit.isFetchingNextPage}
        onLoadMore={() => void audit.fetchNextPage()}
      >
        <Stack gap="xs" role="list" aria-label="Audit entries">
          {entries.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))}
        </Stack>
      </ListStates>
    </Stack>
  );
}
