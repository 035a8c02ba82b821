import { RateMessages, type RateCardDto } from '@contracts/rates';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { makeBoard } from '../dispatch/test-board';
import { DESERT_STAR } from '../trips/test-trips';
import { RatesPage } from './rates-page';

const dispatcher = makeProfile('bus_company', {
  active_org_id: DESERT_STAR,
  active_org: { id: DESERT_STAR, name: 'Desert Star Buses', type: 'bus_company' },
});

function makeCard(version: number, overrides: Partial<RateCardDto> = {}): RateCardDto {
  return {
    id: 100 + version,
    companyId: DESERT_STAR,
    companyName: 'Desert Star Buses',
    tenantId: 1,
    version,
    currency: 'AED',
    vatBasisPoints: 500,
    dueDays: 30,
    lines: [
      {
        busType: 'White Bus',
        hourlyRate: 35_000,
        perKmRate: 250,
        minimumMinutes: 180,
        includedKm: 100,
        minutesBefore: 30,
        minutesAfter: 30,
      },
    ],
    cancellationTiers: [
      { hoursBefore: 24, percent: 100 },
      { hoursBefore: 72, percent: 50 },
    ],
    // local time, so the line reads the same in every time zone
    createdAt: '2026-11-26T09:12:00',
    createdBy: { id: 31, name: 'Dev Desert' },
    ...overrides,
  };
}

function renderRates(card: RateCardDto | null, extra: Parameters<typeof mockFetch>[0] = {}, profile = dispatcher) {
  const mocked = mockFetch({
    'GET /api/rates': () => ({ body: card }),
    'GET /api/rates/versions': () => ({
      body: card ? [card, makeCard(card.version - 1, { createdBy: { id: 32, name: 'Mona Saleh' } })] : [],
    }),
    ...extra,
  });
  renderWithApp(<RatesPage />, { route: '/rates', session: makeSession(profile) });
  return mocked;
}

const bus = (type: string) => screen.getByRole('group', { name: type });
const field = (type: string, label: string) => within(bus(type)).getByRole('textbox', { name: label });
const pushCard = (card: RateCardDto) => act(() => emitLiveForTest('rates:updated', { rateCard: card, seq: card.version, tenantId: 1 }));

describe('Rates', () => {
  it('shows the current version, its rates in AED and its cancellation fees in words', async () => {
    renderRates(makeCard(3));
    expect(await screen.findByText('Version 3 · changed by Dev Desert on 26 Nov 2026, 09:12 AM')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rates' })).toBeInTheDocument();
    expect(within(bus('White Bus')).getByRole('checkbox', { name: 'Offered' })).toBeChecked();
    expect(field('White Bus', 'Hourly rate (AED)')).toHaveValue('350.00');
    expect(field('White Bus', 'Per km (AED)')).toHaveValue('2.50');
    expect(field('White Bus', 'Minimum hours')).toHaveValue('3');
    expect(within(bus('Internal Yellow Bus')).getByRole('checkbox', { name: 'Offered' })).not.toBeChecked();
    expect(field('Internal Yellow Bus', 'Hourly rate (AED)')).toBeDisabled();
    expect(screen.getByText('Nothing until 72 hours before departure, 50 % within 72 hours, 100 % within 24 hours.')).toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: 'Payment terms (days)' })).toHaveValue('30');

    await userEvent.click(screen.getByRole('button', { name: 'Earlier versions' }));
    expect(await screen.findByText('Version 2 · changed by Mona Saleh on 26 Nov 2026, 09:12 AM')).toBeInTheDocument();
    expect(screen.getByText('1 bus type, VAT 5 %, AED, 30 days to pay')).toBeInTheDocument();
  });

  it('saves a first card in fils, basis points and minutes', async () => {
    const { calls } = renderRates(null, { 'PUT /api/rates': (body) => ({ status: 201, body: makeCard(1, body as Partial<RateCardDto>) }) });
    expect(await screen.findByText('No rate card yet')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Currency' })).toHaveValue('AED');
    expect(screen.getByRole('textbox', { name: 'VAT %' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Payment terms (days)' })).toHaveValue('30');
    expect(screen.getByText('Cancelling costs nothing.')).toBeInTheDocument();

    await userEvent.click(within(bus('White Bus')).getByRole('checkbox', { name: 'Offered' }));
    await userEvent.type(field('White Bus', 'Hourly rate (AED)'), '1,200.5');
    await userEvent.type(field('White Bus', 'Per km (AED)'), '2.25');
    await userEvent.type(field('White Bus', 'Minimum hours'), '1.5');
    await userEvent.clear(field('White Bus', 'Included km'));
    await userEvent.type(field('White Bus', 'Included km'), '80');
    await userEvent.clear(field('White Bus', 'Hours before'));
    await userEvent.type(field('White Bus', 'Hours before'), '0.5');
    await userEvent.clear(screen.getByRole('textbox', { name: 'VAT %' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'VAT %' }), '5.25');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Payment terms (days)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Payment terms (days)' }), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Hours before departure' }), '48');
    await userEvent.type(screen.getByRole('textbox', { name: '% due' }), '25');
    expect(screen.getByText('Nothing until 48 hours before departure, 25 % within 48 hours.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));

    expect(await screen.findByText('Version 1 · changed by Dev Desert on 26 Nov 2026, 09:12 AM')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      currency: 'AED',
      vatBasisPoints: 525,
      dueDays: 45,
      lines: [
        {
          busType: 'White Bus',
          hourlyRate: 120_050,
          perKmRate: 225,
          minimumMinutes: 90,
          includedKm: 80,
          minutesBefore: 30,
          minutesAfter: 0,
        },
      ],
      cancellationTiers: [{ hoursBefore: 48, percent: 25 }],
    });
  });

  it('says what is wrong before sending, and shows the server’s refusal as the form’s error', async () => {
    const { calls } = renderRates(makeCard(3), {
      'PUT /api/rates': () => ({ status: 400, body: { message: 'Currency must be a three-letter code, e.g. AED.' } }),
    });
    await screen.findByText(/^Version 3/);
    await userEvent.clear(field('White Bus', 'Hourly rate (AED)'));
    await userEvent.type(field('White Bus', 'Hourly rate (AED)'), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(screen.getByRole('alert')).toHaveTextContent(RateMessages.money);

    await userEvent.clear(field('White Bus', 'Hourly rate (AED)'));
    await userEvent.type(field('White Bus', 'Hourly rate (AED)'), '360');
    const terms = screen.getByRole('textbox', { name: 'Payment terms (days)' });
    await userEvent.clear(terms);
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(screen.getByRole('alert')).toHaveTextContent(RateMessages.dueDays);
    await userEvent.type(terms, '30');

    await userEvent.clear(field('White Bus', 'Hourly rate (AED)'));
    await userEvent.type(field('White Bus', 'Hourly rate (AED)'), '360');
    await userEvent.click(screen.getAllByRole('button', { name: /^Remove tier/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    const hours = screen.getAllByRole('textbox', { name: 'Hours before departure' });
    const due = screen.getAllByRole('textbox', { name: '% due' });
    await userEvent.type(hours[1], '12');
    await userEvent.type(due[1], '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(screen.getByRole('alert')).toHaveTextContent(RateMessages.tierOrder);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(due[1]);
    await userEvent.type(due[1], '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Currency must be a three-letter code, e.g. AED.'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('shows a version saved elsewhere at once, or behind a notice while the form is being edited', async () => {
    renderRates(makeCard(3));
    await screen.findByText(/^Version 3/);
    pushCard(makeCard(4, { lines: [{ ...makeCard(3).lines[0], hourlyRate: 40_000 }] }));
    expect(await screen.findByText('Version 4 · changed by Dev Desert on 26 Nov 2026, 09:12 AM')).toBeInTheDocument();
    expect(field('White Bus', 'Hourly rate (AED)')).toHaveValue('400.00');

    await userEvent.clear(field('White Bus', 'Per km (AED)'));
    await userEvent.type(field('White Bus', 'Per km (AED)'), '3');
    pushCard(makeCard(5, { lines: [{ ...makeCard(3).lines[0], hourlyRate: 45_000 }] }));
    expect(await screen.findByText('Dev Desert saved version 5 meanwhile.')).toBeInTheDocument();
    expect(field('White Bus', 'Per km (AED)')).toHaveValue('3');
    expect(field('White Bus', 'Hourly rate (AED)')).toHaveValue('400.00');

    await userEvent.click(screen.getByRole('button', { name: 'Load version 5' }));
    expect(field('White Bus', 'Hourly rate (AED)')).toHaveValue('450.00');
    expect(field('White Bus', 'Per km (AED)')).toHaveValue('2.50');
    expect(screen.queryByText('Dev Desert saved version 5 meanwhile.')).not.toBeInTheDocument();
  });

  it('lets an admin choose the company', async () => {
    const board = makeBoard({
      companies: [
        { id: DESERT_STAR, tenantId: 1, name: 'Desert Star Buses' },
        { id: 22, tenantId: 1, name: 'Falcon Transport' },
      ],
    });
    const { calls, queries } = renderRates(makeCard(3), { 'GET /api/dispatch/board': () => ({ body: board }) }, makeProfile('admin'));
    await screen.findByText(/^Version 3/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Bus company' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Falcon Transport' }));
    await waitFor(() => expect(calls.some((c, i) => c.path === '/api/rates' && queries[i].get('companyId') === '22')).toBe(true));
    expect(screen.getByText('Falcon Transport', { selector: 'p' })).toBeInTheDocument();
  });
});
