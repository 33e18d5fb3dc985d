import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/** An icon button of a table row with its tooltip; `label` names the action, `ariaLabel` the action on the row. */
export function RowAction({
  label,
  ariaLabel,
  color,
  onClick,
  children,
}: {
  label: string;
  ariaLabel: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color} aria-label={ariaLabel} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
