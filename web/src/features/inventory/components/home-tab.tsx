import { SimpleGrid, Stack } from '@mantine/core';
import { DailyLogs } from './daily-logs';
import { LowStockList } from './low-stock-list';
import { ReturnItemForm } from './return-item-form';

export function HomeTab({
  warehouse,
  date,
  onDateChange,
  today,
  dateLocked,
}: {
  warehouse: string | null;
  date: string;
  onDateChange: (date: string) => void;
  today: string;
  dateLocked: boolean;
}) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <LowStockList warehouse={warehouse} />
        <ReturnItemForm key={warehouse ?? ''} warehouse={warehouse} today={today} dateLocked={dateLocked} />
      </SimpleGrid>
      <DailyLogs
        date={date}
        onDateChange={onDateChange}
        warehouse={warehouse}
        today={today}
        dateLocked={dateLocked}
      />
    </Stack>
  );
}
