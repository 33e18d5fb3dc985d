import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { isMdRole } from '@app/domain/permissions/check';
import { GRANT_NOTES, ROLE_NAMES, type TRoleName } from '@app/domain/permissions/catalogue';
import { ROLE_TEMPLATES } from '@app/domain/permissions/role-templates';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/use-auth';
import { useEmployeePermissions } from '../api/get-employee-permissions';
import { useEmployeeWarehouses, type TEmployeeWarehouse } from '../api/get-employee-warehouses';
import { usePermissionCatalogue, type TCatalogueEntry } from '../api/get-permission-catalogue';
import { useSettingsEmployees } from '../api/get-settings-employees';
import { useSaveEmployeePermissions } from '../api/save-employee-permissions';
import { useSaveEmployeeWarehouses } from '../api/save-employee-warehouses';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

/** Asked before another employee is chosen while this one's toggles are not saved. */
export const DISCARD_CHANGES = 'Discard the unsaved changes to this employee’s access?';

const SAVED_MESSAGE_MS = 3000;

type TToggles = Record<string, boolean>;
type TWarehouseChecks = Record<number, boolean>;

export function categoryLabel(category: string): string {
  return category
    .split(/[_\s.]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function groupByCategory(catalogue: readonly TCatalogueEntry[]): [string, TCatalogueEntry[]][] {
  const groups = new Map<string, TCatalogueEntry[]>();
  for (const entry of catalogue) {
    const list = groups.get(entry.category) ?? [];
    list.push(entry);
    groups.set(entry.category, list);
  }
  return [...groups.entries()];
}

/** Settings → Manage Access (spec 1 §2): MD only; everyone else goes to the dashboard. */
export function ManageAccess() {
  const auth = useAuth();
  if (!isMdRole(auth.role)) return <Navigate to="/dashboard" replace />;
  return <ManageAccessScreen />;
}

function ManageAccessScreen() {
  const employees = useSettingsEmployees(true);
  const catalogue = usePermissionCatalogue(true);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const grants = useEmployeePermissions(employeeId);
  const save = useSaveEmployeePermissions();
  const warehouses = useEmployeeWarehouses(employeeId);
  const saveWarehouses = useSaveEmployeeWarehouses();
  // Toggles stay local until "Save Changes"; a draft belongs to the employee it was made for.
  const [draft, setDraft] = useState<{ employeeId: number; toggles: TToggles } | null>(null);
  const [warehouseDraft, setWarehouseDraft] = useState<{
    employeeId: number;
    checks: TWarehouseChecks;
  } | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const serverToggles = useMemo<TToggles>(
    () => Object.fromEntries((grants.data ?? []).map((g) => [g.resource_key, g.can_access])),
    [grants.data],
  );
  const toggles = draft && draft.employeeId === employeeId ? draft.toggles : serverToggles;
  const entries = catalogue.data ?? [];
  const grantedCount = entries.filter((entry) => toggles[entry.resource_key]).length;
  const permissionsDirty =
    draft !== null &&
    draft.employeeId === employeeId &&
    entries.some(
      (entry) => Boolean(draft.toggles[entry.resource_key]) !== Boolean(serverToggles[entry.resource_key]),
    );

  // Warehouses open to all employees are not the MD's per-employee choice: they are not sent.
  const grantable = useMemo(
    () => (warehouses.data ?? []).filter((warehouse) => !warehouse.access_all),
    [warehouses.data],
  );
  const serverChecks = useMemo<TWarehouseChecks>(
    () => Object.fromEntries(grantable.map((w) => [w.warehouse_id, w.can_access])),
    [grantable],
  );
  const checks =
    warehouseDraft && warehouseDraft.employeeId === employeeId ? warehouseDraft.checks : serverChecks;
  const warehousesDirty =
    warehouseDraft !== null &&
    warehouseDraft.employeeId === employeeId &&
    grantable.some((w) => Boolean(checks[w.warehouse_id]) !== Boolean(serverChecks[w.warehouse_id]));
  const dirty = permissionsDirty || warehousesDirty;
  useUnsavedChanges(dirty, DISCARD_CHANGES);

  const setWarehouseCheck = (warehouseId: number, value: boolean) => {
    if (employeeId === null) return;
    setWarehouseDraft({ employeeId, checks: { ...checks, [warehouseId]: value } });
  };

  const selectEmployee = (value: string) => {
    if (dirty && !window.confirm(DISCARD_CHANGES)) return;
    setEmployeeId(value ? Number(value) : null);
    setDraft(null);
    setWarehouseDraft(null);
    setSavedAt(null);
    save.reset();
    saveWarehouses.reset();
  };

  const setToggle = (key: string, value: boolean) => {
    if (employeeId === null) return;
    setDraft({ employeeId, toggles: { ...toggles, [key]: value } });
  };

  const applyTemplate = (role: TRoleName) => {
    if (employeeId === null) return;
    const granted = new Set(ROLE_TEMPLATES[role]);
    setDraft({
      employeeId,
      toggles: Object.fromEntries(
        entries.map((entry) => [entry.resource_key, granted.has(entry.resource_key)]),
      ),
    });
  };

  const saveChanges = async () => {
    if (employeeId === null) return;
    setSavedAt(null);
    const [permissions, warehouseAccess] = await Promise.allSettled([
      save.mutateAsync({
        employeeId,
        grants: entries.map((entry) => ({
          resource_key: entry.resource_key,
          can_access: Boolean(toggles[entry.resource_key]),
        })),
      }),
      // The warehouse choices go with them once the list has loaded.
      warehouses.isSuccess
        ? saveWarehouses.mutateAsync({
            employeeId,
            grants: grantable.map((w) => ({
              warehouse_id: w.warehouse_id,
              can_access: Boolean(checks[w.warehouse_id]),
            })),
          })
        : Promise.resolve(null),
    ]);
    if (permissions.status === 'fulfilled') setDraft(null);
    if (warehouseAccess.status === 'fulfilled') setWarehouseDraft(null);
    if (permissions.status === 'fulfilled' && warehouseAccess.status === 'fulfilled') setSavedAt(Date.now());
  };

  const employeeOptions = [
    { value: '', label: employees.isPending ? 'Loading employees...' : 'Select an employee' },
    ...(employees.data ?? []).map((e) => ({ value: String(e.employee_id), label: `${e.name} (${e.email})` })),
  ];
  const selected = employees.data?.find((e) => e.employee_id === employeeId);
  const ready = employeeId !== null && grants.isSuccess && catalogue.isSuccess;

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          Manage Employee Access
        </Title>
        <Text size="sm" c="dimmed">
          Choose what each employee can open. Changes apply after you press Save Changes.
        </Text>
      </div>

      {employees.isError && (
        <Alert color="red" role="alert">
          {`Failed to load data: ${errorMessage(employees.error, 'Please try again.')}`}
        </Alert>
      )}
      {catalogue.isError && (
        <Alert color="red" role="alert">
          {`Failed to load data: ${errorMessage(catalogue.error, 'Please try again.')}`}
        </Alert>
      )}

      <NativeSelect
        label="Employee"
        data={employeeOptions}
        value={employeeId === null ? '' : String(employeeId)}
        onChange={(event) => selectEmployee(event.currentTarget.value)}
        disabled={employees.isPending}
        maw={480}
      />
      {employees.isSuccess && employees.data.length === 0 && (
        <Alert color="blue" variant="light" role="note">
          No employees yet. Create one from Employee Management on the dashboard, then grant access here.
        </Alert>
      )}

      {employeeId !== null && grants.isError && (
        <Alert color="red" role="alert">
          {`Failed to load employee permissions: ${errorMessage(grants.error, 'Please try again.')}`}
        </Alert>
      )}
      {employeeId !== null && (grants.isPending || catalogue.isPending) && (
        <Stack gap="sm" aria-busy="true">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading permissions...
            </Text>
          </Group>
          <Skeleton h={120} />
          <Skeleton h={120} />
        </Stack>
      )}

      {ready && (
        <>
          <Paper withBorder radius="md" p="sm">
            <Text size="sm" fw={600} mb={6}>
              Apply a role template (replaces all toggles)
            </Text>
            <Group gap="xs">
              {ROLE_NAMES.map((role) => (
                <Button key={role} size="xs" variant="light" onClick={() => applyTemplate(role)}>
                  {role}
                </Button>
              ))}
            </Group>
          </Paper>

          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              <strong>{selected?.name ?? 'Employee'}</strong>: {grantedCount} of {entries.length} permissions
              granted{dirty ? ' (unsaved changes)' : ''}
            </Text>
          </Group>

          <WarehouseAccess
            warehouses={warehouses.data}
            loading={warehouses.isPending}
            error={warehouses.isError ? warehouses.error : null}
            checks={checks}
            onCheck={setWarehouseCheck}
          />

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {groupByCategory(entries).map(([category, items]) => (
              <Paper key={category} withBorder radius="md" p="sm" component="fieldset" m={0}>
                <Text component="legend" fw={700} px={4}>
                  {categoryLabel(category)}
                </Text>
                <Stack gap="sm" mt={4}>
                  {items.map((entry) => (
                    <Switch
                      key={entry.resource_key}
                      checked={Boolean(toggles[entry.resource_key])}
                      onChange={(event) => setToggle(entry.resource_key, event.currentTarget.checked)}
                      label={entry.name}
                      description={
                        <>
                          {entry.description}
                          {GRANT_NOTES[entry.resource_key] && (
                            <Text component="span" display="block" size="xs" fs="italic">
                              {GRANT_NOTES[entry.resource_key]}
                            </Text>
                          )}
                          {entry.recommended_roles.length > 0 && (
                            <Group gap={4} mt={2} component="span">
                              {entry.recommended_roles.map((role) => (
                                <Badge key={role} size="xs" variant="outline" color="gray" component="span">
                                  {role}
                                </Badge>
                              ))}
                            </Group>
                          )}
                        </>
                      }
                    />
                  ))}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}

      {employeeId !== null && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="sm"
          style={{ position: 'sticky', bottom: 8, zIndex: 2 }}
          aria-live="polite"
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              {save.isError && (
                <Text c="red" size="sm" role="alert">
                  {`Failed to save permissions: ${errorMessage(save.error, 'Please try again.')}`}
                </Text>
              )}
              {savedAt !== null && (
                <Text c="green.8" size="sm" fw={600} role="status">
                  Permissions saved successfully.
                </Text>
              )}
              {saveWarehouses.isError && (
                <Text c="red" size="sm" role="alert">
                  {`Failed to save warehouse access: ${errorMessage(saveWarehouses.error, 'Please try again.')}`}
                </Text>
              )}
              {!save.isError && !saveWarehouses.isError && savedAt === null && (
                <Text size="sm" c="dimmed">
                  {dirty ? 'You have unsaved changes.' : 'No unsaved changes.'}
                </Text>
              )}
            </div>
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={() => void saveChanges()}
              loading={save.isPending || saveWarehouses.isPending}
              disabled={!ready}
            >
              Save Changes
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

/** Manage Access → Warehouses: which warehouses the employee may use (sales, restock, inventory). */
function WarehouseAccess({
  warehouses,
  loading,
  error,
  checks,
  onCheck,
}: {
  warehouses: readonly TEmployeeWarehouse[] | undefined;
  loading: boolean;
  error: unknown;
  checks: TWarehouseChecks;
  onCheck: (warehouseId: number, value: boolean) => void;
}) {
  const list = warehouses ?? [];
  return (
    <Paper withBorder radius="md" p="sm" component="fieldset" m={0}>
      <Text component="legend" fw={700} px={4}>
        Warehouses
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        The employee sees and works only with the warehouses ticked here.
      </Text>
      {error !== null && (
        <Text c="red" size="sm" role="alert">
          {`Failed to load data: ${errorMessage(error, 'Please try again.')}`}
        </Text>
      )}
      {loading && <Skeleton h={60} />}
      {!loading && error === null && list.length === 0 && (
        <Text size="sm" c="dimmed">
          No warehouses yet. A warehouse is created when the first item is added through Restock.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
        {list.map((warehouse) =>
          warehouse.access_all ? (
            <Checkbox
              key={warehouse.warehouse_id}
              label={warehouse.warehouse_name}
              description="Open to all employees"
              checked
              disabled
            />
          ) : (
            <Checkbox
              key={warehouse.warehouse_id}
              label={warehouse.warehouse_name}
              checked={Boolean(checks[warehouse.warehouse_id])}
              onChange={(event) => onCheck(warehouse.warehouse_id, event.currentTarget.checked)}
            />
          ),
        )}
      </SimpleGrid>
    </Paper>
  );
}
