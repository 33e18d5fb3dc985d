import { Table } from '@mantine/core';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { formatCount, formatMoney } from '../../../lib/format';
import { ScrollTable } from '../../../components/scroll-table';
import { EmptyRow } from '../../../components/table-parts';

/** A right-aligned figure; amounts of money never wrap. */
type TFigure = { text: string; money?: boolean };

function TopTable({
  label,
  columns,
  rows,
}: {
  label: string;
  /** The name's column, then the figures'. */
  columns: readonly string[];
  rows: { key: string; name: string; figures: TFigure[] }[];
}) {
  const [nameColumn, ...figureColumns] = columns;
  return (
    <ScrollTable minWidth={280} label={label}>
      <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing={6} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{nameColumn}</Table.Th>
            {figureColumns.map((column) => (
              <Table.Th key={column} ta="right">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              {row.figures.map((figure, index) => (
                <Table.Td key={index} ta="right" style={figure.money ? { whiteSpace: 'nowrap' } : undefined}>
                  {figure.text}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {rows.length === 0 && <EmptyRow columns={columns.length}>No records</EmptyRow>}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

export function ReportTopProducts({ products }: { products: TSalesReport['top_products'] }) {
  return (
    <TopTable
      label="Top products"
      columns={['Item', 'Qty Sold', 'Total']}
      rows={products.map((product) => ({
        key: product.item_name,
        name: product.item_name,
        figures: [
          { text: formatCount(product.quantity_sold) },
          { text: formatMoney(product.total_sales), money: true },
        ],
      }))}
    />
  );
}

export function ReportTopCustomers({ customers }: { customers: TSalesReport['top_customers'] }) {
  return (
    <TopTable
      label="Top customers"
      columns={['Customer', 'Total Spent', 'Purchases']}
      rows={customers.map((customer) => ({
        key: customer.customer_name,
        name: customer.customer_name || 'Walk-in',
        figures: [
          { text: formatMoney(customer.total_spent), money: true },
          { text: formatCount(customer.purchases) },
        ],
      }))}
    />
  );
}
