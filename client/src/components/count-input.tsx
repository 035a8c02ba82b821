import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A count (students, adults, staff, seats): a whole number, 0 or more; '' while its box is empty. */
export function CountInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'allowDecimal' | 'allowNegative'> & {
  value?: number | '';
  onChange: (value: number | '') => void;
}) {
  return (
    <NumberInput
      min={0}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={(n) => onChange(n === '' ? '' : Number(n))}
      {...props}
    />
  );
}
