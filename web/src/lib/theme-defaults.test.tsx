import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Drawer, Modal, Notification, Select } from '@mantine/core';
import { renderWithProviders } from '../test/render';

describe('theme component defaults', () => {
  it('names the close button of dialogs, drawers and notifications "Dismiss" (axe: button-name)', () => {
    renderWithProviders(
      <>
        <Modal opened onClose={() => undefined} title="A dialog">
          body
        </Modal>
        <Drawer opened onClose={() => undefined} title="A drawer">
          body
        </Drawer>
        <Notification title="Saved">done</Notification>
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
  });

  it('renders no option of a closed Select', () => {
    renderWithProviders(<Select label="Warehouse" data={['Ikeja Main', 'Yaba Annex']} />);
    expect(screen.queryByText('Yaba Annex')).toBeNull();
  });
});
