import { tiersInWords } from '@contracts/rates';
import { ActionIcon, Button, Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { newTier, type RatesForm, typedTiers } from './rates-form';

type Form = UseFormReturnType<RatesForm>;

const asNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value));

/** Hours typed with at most two decimals (1.5 = 1 h 30 min); the card keeps whole minutes. */
function HoursInput({ form, path, label, disabled }: { form: Form; path: string; label: string; disabled: boolean }) {
  const props = form.getInputProps(path);
  return (
    <NumberInput
      label={label}
      min={0}
      decimalScale={2}
      allowNegative={false}
      disabled={disabled}
      value={props.value as number | ''}
      onChange={(n) => form.setFieldValue(path, asNumber(n))}
    />
  );
}

/**
 * One bus type: ticked when the company offers it, then its rates. A fieldset per bus type rather than a wide table,
 * so a phone shows two boxes a row with no sideways scrolling.
 */
function RateLineFields({ form, index, currency }: { form: Form; index: number; currency: string }) {
  const line = form.getValues().lines[index];
  const off = !line.included;
  const at = (field: string) => `lines.${index}.${field}`;
  return (
    <Fieldset legend={line.busType} variant="filled">
      <Checkbox label="Offered" mb="sm" {...form.getInputProps(at('included'), { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <TextInput label={`Hourly rate (${currency})`} inputMode="decimal" disabled={off} {...form.getInputProps(at('hourlyRate'))} />
        <TextInput label={`Per km (${currency})`} inputMode="decimal" disabled={off} {...form.getInputProps(at('perKmRate'))} />
        <HoursInput form={form} path={at('minimumHours')} label="Minimum hours" disabled={off} />
        <NumberInput
          label="Included km"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={off}
          value={line.includedKm}
          onChange={(n) => form.setFieldValue(at('includedKm'), asNumber(n))}
        />
        <HoursInput form={form} path={at('hoursBefore')} label="Hours before" disabled={off} />
        <HoursInput form={form} path={at('hoursAfter')} label="Hours after" disabled={off} />
      </SimpleGrid>
    </Fieldset>
  );
}

export function RateLinesFields({ form }: { form: Form }) {
  const values = form.getValues();
  const currency = /^[A-Za-z]{3}$/.test(values.currency.trim()) ? values.currency.trim().toUpperCase() : 'AED';
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Rates per bus type
      </Title>
      {values.lines.map((line, index) => (
        <RateLineFields key={line.busType} form={form} index={index} currency={currency} />
      ))}
    </Stack>
  );
}

/** The cancellation policy: rows of "cancelled this close to departure or closer: this much is due", and the sentence it makes. */
export function CancellationTierFields({ form }: { form: Form }) {
  const values = form.getValues();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Cancellation fees
      </Title>
      {values.tiers.map((tier, index) => (
        <Group key={tier.key} gap="sm" align="flex-end" wrap="nowrap">
          <NumberInput
            label="Hours before departure"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={tier.hoursBefore}
            onChange={(n) => form.setFieldValue(`tiers.${index}.hoursBefore`, asNumber(n))}
            style={{ flex: 1 }}
          />
          <NumberInput
            label="% due"
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            value={tier.percent}
            onChange={(n) => form.setFieldValue(`tiers.${index}.percent`, asNumber(n))}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={`Remove tier ${index + 1}`}
            onClick={() => form.removeListItem('tiers', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('tiers', newTier())}>
          Add tier
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {tiersInWords(typedTiers(values))}
      </Text>
    </Stack>
  );
}
