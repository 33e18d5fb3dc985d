import { useState } from 'react';
import { Grid } from '@mantine/core';
import type { TCustomer } from '@app/domain/schemas/customers';
import { CustomerForm } from './components/customer-form';
import { CustomerList } from './components/customer-list';

/** Customers (spec 2 §2): the add/edit form above the Customer List (beside it on a wide screen). */
export function CustomersPage() {
  const [editing, setEditing] = useState<TCustomer | null>(null);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: 4 }}>
        <CustomerForm key={editing?.customer_id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 8 }}>
        <CustomerList
          editingId={editing?.customer_id ?? null}
          onEdit={(customer) => {
            setEditing(customer);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          onDeleted={(customer) => {
            if (customer.customer_id === editing?.customer_id) setEditing(null);
          }}
        />
      </Grid.Col>
    </Grid>
  );
}
