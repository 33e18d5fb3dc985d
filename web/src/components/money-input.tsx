import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * The one box for an amount of naira: two decimals, thousands separated, the phone's decimal keypad, no
 * spinner arrows, and no silent clamping (the form's check says what is wrong instead). Props override.
 */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      clampBehavior="none"
      decimalScale={2}
      inputMode="decimal"
      thousandSeparator=","
      hideControls
      {...props}
    />
  );
}
