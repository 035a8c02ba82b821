import { MAX_DUE_DAYS, type RateCardDto } from '@contracts/rates';
import { Alert, Button, Divider, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorText } from '../../api/http';
import { toast } from '../../shared/toast';
import { CancellationTierFields, RateLinesFields } from './rate-card-fields';
import { ratesApi } from './rates.api';
import { checkedCard, ratesFormOf, type RatesForm } from './rates-form';

interface RatesEditorProps {
  /** The version the form starts from; null: the company has no card yet. */
  card: RateCardDto | null;
  /** Admins name the company; null sends the dispatcher's own. */
  companyId: number | null;
  /** Called on the first change, so a version saved elsewhere meanwhile does not overwrite what is being typed. */
  onEdit: () => void;
  onSaved: (card: RateCardDto) => void;
}

/**
 * The whole card as one form: saving makes the next version. The card's rules run before anything is sent (their
 * message is the form's error), and the server's answer to a bad card takes the same place.
 */
export function RatesEditor({ card, companyId, onEdit, onSaved }: RatesEditorProps) {
  const form = useForm<RatesForm>({ initialValues: ratesFormOf(card), onValuesChange: onEdit });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = form.onSubmit(async (values) => {
    const checked = checkedCard(values);
    setProblem(checked.problem);
    if (!checked.card) return;
    setBusy(true);
    try {
      const saved = await ratesApi.save({ ...checked.card, ...(companyId ? { companyId } : {}) });
      toast.success(`Rates saved as version ${saved.version}.`, { autoClose: 5000 });
      onSaved(saved);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form noValidate onSubmit={save} aria-label="Rate card">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label="Currency" maxLength={3} {...form.getInputProps('currency')} />
          <NumberInput
            label="VAT %"
            min={0}
            max={100}
            decimalScale={2}
            allowNegative={false}
            value={form.getValues().vatPercent}
            onChange={(n) => form.setFieldValue('vatPercent', n === '' ? '' : Number(n))}
          />
          <NumberInput
            label="Payment terms (days)"
            description="Days from an invoice to its due date"
            min={1}
            max={MAX_DUE_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={form.getValues().dueDays}
            onChange={(n) => form.setFieldValue('dueDays', n === '' ? '' : Number(n))}
          />
        </SimpleGrid>
        <RateLinesFields form={form} />
        <Divider />
        <CancellationTierFields form={form} />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Save rates
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
