import { Box, Divider, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TSharedDocument } from '@app/domain/schemas/shares';

type TAmount = TSharedDocument['details'][number];

function Amounts({ amounts, label }: { amounts: readonly TAmount[]; label: string }) {
  return (
    <Stack gap={4} component="dl" aria-label={label} m={0}>
      {amounts.map((amount) => (
        <Group key={amount.label} justify="space-between" gap="sm" wrap="nowrap">
          <Text
            component="dt"
            size="sm"
            c={amount.strong ? undefined : 'dimmed'}
            fw={amount.strong ? 700 : 400}
          >
            {amount.label}
          </Text>
          <Text component="dd" size="sm" m={0} ta="right" fw={amount.strong ? 700 : 500}>
            {amount.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Lines({ section }: { section: TSharedDocument['sections'][number] }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing={4} fz="sm" aria-label={section.heading ?? 'Items'}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {section.lines.map((line, index) => (
          <Table.Tr key={`${line.name}-${index}`}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {line.name}
              </Text>
              <Text size="xs" c="dimmed">
                {line.quantity} × {line.unit_price}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {line.total}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A receipt or proforma as printed: the business's header, the details, the lines and the totals. */
export function SharedDocumentView({ document }: { document: TSharedDocument }) {
  const { company } = document;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="article"
      aria-label={document.title}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          {company.logo_data_url && (
            <Image src={company.logo_data_url} alt={`${company.name} logo`} w={64} h={64} fit="contain" />
          )}
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {company.name}
            </Title>
            {[company.address, company.phone].map(
              (line) =>
                line && (
                  <Text key={line} size="sm" c="dimmed">
                    {line}
                  </Text>
                ),
            )}
          </Box>
        </Group>
        <Divider />
        <Title order={1} size="h4" ta="center" style={{ letterSpacing: 1 }}>
          {document.title}
        </Title>
        <Amounts amounts={document.details} label="Details" />
        {document.sections.map((section, index) => (
          <Stack key={section.heading ?? index} gap="xs">
            {section.heading && (
              <Text fw={600} size="sm">
                {section.heading}
              </Text>
            )}
            <Lines section={section} />
            <Amounts amounts={section.totals} label="Totals" />
          </Stack>
        ))}
        {document.summary && <Amounts amounts={document.summary} label="Summary" />}
        {document.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {document.notes}
          </Text>
        )}
        {company.bank_line && (
          <Text size="sm">
            <Text span fw={600}>
              Pay to:
            </Text>{' '}
            {company.bank_line}
          </Text>
        )}
        <Text size="sm" ta="center" c="dimmed">
          {document.closing}
        </Text>
      </Stack>
    </Paper>
  );
}
