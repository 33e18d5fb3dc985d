import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * The one box for an amount of naira: two decimals, thousands separated, the phone's decimal keypad, no
 * spinner arrows, and no silent clamping: what is out of range stays as typed and the form's check says what
 * is wrong (a form that would rather not take a minus sign passes allowNegative={false}). Props override.
 */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      clampBehavior="none"
      decimalScale={2}
      inputMode="decimal"
      thousandSeparator=","
      hideControls
      {...props}
    />
  );
}
