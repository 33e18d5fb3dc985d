import { Table, Text } from '@mantine/core';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { formatCount, formatMoney } from '../../../lib/format';

function EmptyRow({ columns }: { columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size="sm" ta="center" py="xs">
          No records
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export function ReportTopProducts({ products }: { products: TSalesReport['top_products'] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table
        striped
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing={6}
        fz="sm"
        aria-label="Top products"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty Sold</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.item_name}>
              <Table.Td>{product.item_name}</Table.Td>
              <Table.Td ta="right">{formatCount(product.quantity_sold)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(product.total_sales)}
              </Table.Td>
            </Table.Tr>
          ))}
          {products.length === 0 && <EmptyRow columns={3} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ReportTopCustomers({ customers }: { customers: TSalesReport['top_customers'] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table
        striped
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing={6}
        fz="sm"
        aria-label="Top customers"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Customer</Table.Th>
            <Table.Th ta="right">Total Spent</Table.Th>
            <Table.Th ta="right">Purchases</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.customer_name}>
              <Table.Td>{customer.customer_name || 'Walk-in'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(customer.total_spent)}
              </Table.Td>
              <Table.Td ta="right">{formatCount(customer.purchases)}</Table.Td>
            </Table.Tr>
          ))}
          {customers.length === 0 && <EmptyRow columns={3} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
