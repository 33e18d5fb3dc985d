import { Alert, List } from '@mantine/core';
import type { TFormProblems } from '../utils/sale-form';

/** Every reason a submit was refused, in the schema's words. */
export function SaleFormProblems({ problems }: { problems: TFormProblems }) {
  if (problems.messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="Please correct the following" role="alert">
      <List size="sm" spacing={2}>
        {problems.messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
