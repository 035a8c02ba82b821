import { type InvoiceDto, InvoiceMessages, type InvoiceSummaryDto, type SchoolBalanceDto } from '@contracts/invoices';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { catchDownloads, makeBalance, makeInvoice } from '../invoices/test-invoices';
import { GREENFIELD } from '../trips/test-trips';
import { FinancePage } from './finance-page';

const museum = makeInvoice();
const zoo = makeInvoice({
  id: 6,
  number: 'DSB-2026-00002',
  tripId: 41,
  tripDestination: 'City Zoo',
  requester: 'Rami Rivers',
  total: 62_050,
  balance: 0,
  status: 'Paid',
  paid: 62_050,
  payments: [{ id: 1, paidOn: '2026-11-30', reference: 'TT-1', amount: 62_050, recordedBy: 'Fin Ance', recordedAt: '2026-11-30T10:00:00' }],
});
const summary: InvoiceSummaryDto = { count: 2, paidRevenue: 62_050, outstanding: 113_400, overdue: 50_000, currency: 'AED' };
const greenfield = makeBalance({ current: 63_400, days1to30: 0, days31to60: 50_000, days61to90: 0, over90: 1_250, total: 114_650 });

const finance = makeSession(makeProfile('finance'));

/** The server's side; each part is a function, so a test can change what it answers. */
function serve(
  parts: { invoices?: () => InvoiceDto[]; summary?: () => InvoiceSummaryDto; balances?: () => SchoolBalanceDto[] } = {},
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  return mockFetch({
    'GET /api/invoices': () => ({ body: (parts.invoices ?? (() => [zoo, museum]))() }),
    'GET /api/invoices/summary': () => ({ body: (parts.summary ?? (() => summary))() }),
    'GET /api/invoices/balances': () => ({ body: (parts.balances ?? (() => [greenfield]))() }),
    ...extra,
  });
}

const invoiceTable = () => screen.getByRole('table', { name: 'Invoices' });
const row = (number: string) => within(invoiceTable()).getByRole('row', { name: new RegExp(`^${number}`) });
/** The query of every call to `path`, in order. */
const queriesOf = (mocked: ReturnType<typeof mockFetch>, path: string) =>
  mocked.queries.filter((_q, i) => mocked.calls[i].path === path).map((q) => Object.fromEntries(q));

describe('Finance', () => {
  it('shows the server’s totals in AED and lists the invoices with their balance, status and actions', async () => {
    serve();
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    expect(screen.getByRole('heading', { name: 'Finance', level: 2 })).toBeInTheDocument();
    expect(await screen.findByTestId('paid-revenue')).toHaveTextContent('AED 620.50');
    expect(screen.getByTestId('outstanding')).toHaveTextContent('AED 1,134.00');
    expect(screen.getByTestId('overdue')).toHaveTextContent('AED 500.00');
    expect(screen.getByTestId('invoices-shown')).toHaveTextContent('2');

    await screen.findByText('DSB-2026-00001');
    expect(
      within(invoiceTable())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Invoice and trip', 'School and bus company', 'Issued and due', 'Total', 'Balance and status', 'Actions']);
    const cells = (number: string) =>
      within(row(number))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('DSB-2026-00001')).toEqual([
      'DSB-2026-00001Science Museum, 18 Nov 2026',
      'Greenfield PrimaryDesert Star Buses',
      '20 Nov 2026due 20 Dec 2026',
      'AED 1,134.00',
      'AED 1,134.00Issued',
      'PDFRecord paymentCredit note',
    ]);
    // a paid invoice can no longer be paid or credited
    expect(cells('DSB-2026-00002').slice(3)).toEqual(['AED 620.50', 'AED 0.00Paid', 'PDF']);
  });

  it('asks the server again with each filter, for the list and the totals alike', async () => {
    const mocked = serve();
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    await screen.findByText('DSB-2026-00001');
    // a page of the list (its total is the summary's count)
    const firstPage = { page: '1', pageSize: '12' };
    expect(queriesOf(mocked, '/api/invoices')[0]).toEqual({ order: 'newest', ...firstPage });
    expect(queriesOf(mocked, '/api/invoices/summary')[0]).toEqual({ order: 'newest' });

    await userEvent.click(screen.getByRole('radio', { name: 'Unpaid' }));
    await waitFor(() => expect(queriesOf(mocked, '/api/invoices').at(-1)).toEqual({ order: 'newest', payment: 'unpaid', ...firstPage }));
    expect(queriesOf(mocked, '/api/invoices/summary').at(-1)).toEqual({ order: 'newest', payment: 'unpaid' });

    const lastMonth = dayjs().startOf('month').subtract(1, 'month');
    await userEvent.click(screen.getByRole('combobox', { name: 'Month' }));
    await userEvent.click(await screen.findByRole('option', { name: lastMonth.format('MMMM YYYY') }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by date' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Oldest first' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by requester or destination' }), 'grace');
    const wanted = { order: 'oldest', payment: 'unpaid', month: lastMonth.format('YYYY-MM'), search: 'grace' };
    await waitFor(() => expect(queriesOf(mocked, '/api/invoices').at(-1)).toEqual({ ...wanted, ...firstPage }));
    expect(queriesOf(mocked, '/api/invoices/summary').at(-1)).toEqual(wanted);
    // the search waits for typing to pause: no call for each letter
    expect(queriesOf(mocked, '/api/invoices').filter((q) => q.search && q.search !== 'grace')).toEqual([]);
  });

  it('pages through what the filter matches, the summary’s count as the total, back to page 1 on a new filter', async () => {
    const mocked = serve({ summary: () => ({ ...summary, count: 30 }) });
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    await screen.findByText('DSB-2026-00001');
    expect(await screen.findByText('1–12 of 30 Invoices')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queriesOf(mocked, '/api/invoices').at(-1)).toEqual({ order: 'newest', page: '2', pageSize: '12' }));
    expect(await screen.findByText('13–24 of 30 Invoices')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Paid' }));
    await waitFor(() =>
      expect(queriesOf(mocked, '/api/invoices').at(-1)).toEqual({ order: 'newest', payment: 'paid', page: '1', pageSize: '12' }),
    );
  });

  it('exports what the filters match from the CSV route, under the server’s file name', async () => {
    const mocked = serve({}, { 'GET /api/invoices/csv': () => ({ body: 'Number,School\nDSB-2026-00001,Greenfield Primary\n' }) });
    const downloads = catchDownloads(mocked.fetchMock, { '/api/invoices/csv': 'attachment; filename="invoices.csv"' });
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    await screen.findByText('DSB-2026-00001');
    await userEvent.click(screen.getByRole('radio', { name: 'Paid' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.saved.map((s) => s.name)).toEqual(['invoices.csv']));
    expect(downloads.saved[0].text).toBe('Number,School\nDSB-2026-00001,Greenfield Primary\n');
    expect(queriesOf(mocked, '/api/invoices/csv')).toEqual([{ order: 'newest', payment: 'paid' }]);
    downloads.restore();
  });

  it('records a payment of all that is owed with its day and reference, and shows a refusal at its field, or above Save when it is the invoice’s', async () => {
    let answer: { status?: number; body?: unknown } = { status: 409, body: { message: InvoiceMessages.alreadyPaid } };
    const { calls } = serve({}, { 'POST /api/invoices/5/payment': () => answer });
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment: DSB-2026-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment for DSB-2026-00001' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount (AED)' })).toHaveValue('1,134.00');
    expect(within(dialog).getByRole('textbox', { name: 'Payment date' })).toHaveValue(dayjs().format('YYYY-MM-DD'));
    // the dialog opens on the reference (a focused date field would open its calendar over the form)
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Reference' })).toHaveFocus());

    // nothing is sent without a reference, and the field says so
    const reference = within(dialog).getByRole('textbox', { name: 'Reference' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(reference).toHaveAccessibleDescription(expect.stringContaining(InvoiceMessages.reference));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // the server's refusal of a field goes to that field; typing there clears it
    answer = { status: 400, body: { message: InvoiceMessages.paidBeforeIssue, field: 'paidOn' } };
    await userEvent.type(reference, 'TT-20261130');
    expect(reference).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const paidOn = within(dialog).getByRole('textbox', { name: 'Payment date' });
    await waitFor(() => expect(paidOn).toHaveAccessibleDescription(expect.stringContaining(InvoiceMessages.paidBeforeIssue)));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    // one about the invoice as a whole is said above Save
    answer = { status: 409, body: { message: InvoiceMessages.alreadyPaid } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(InvoiceMessages.alreadyPaid));
    expect(paidOn).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { paidOn: dayjs().format('YYYY-MM-DD'), reference: 'TT-20261130', amount: 113_400 },
      { paidOn: dayjs().format('YYYY-MM-DD'), reference: 'TT-20261130', amount: 113_400 },
    ]);

    answer = { body: { ...museum, paid: 113_400, balance: 0, status: 'Paid' } };
    const listReads = calls.filter((c) => c.path === '/api/invoices').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invoice DSB-2026-00001 paid in full.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the list, the totals and the balances are read again
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/invoices').length).toBe(listReads + 1));
  });

  it('records a part payment typed in AED, sent in fils, says what is still owed, and refuses more than is owed at the amount', async () => {
    const { calls } = serve(
      {},
      {
        'POST /api/invoices/5/payment': (body) => {
          const paid = (body as { amount: number }).amount;
          return { body: { ...museum, paid, balance: museum.balance - paid } };
        },
      },
    );
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment: DSB-2026-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment for DSB-2026-00001' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (AED)' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'DEP-1');

    await userEvent.clear(amount);
    await userEvent.type(amount, '1134.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(InvoiceMessages.paymentTooMuch));
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(InvoiceMessages.paymentAmount));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '500.50');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('AED 500.50 recorded for DSB-2026-00001; AED 633.50 still owed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { paidOn: dayjs().format('YYYY-MM-DD'), reference: 'DEP-1', amount: 50_050 },
    ]);
  });

  it('lists an invoice paid in part as still owed, with what was paid, and offers the rest', async () => {
    const part = makeInvoice({
      paid: 50_000,
      balance: 63_400,
      payments: [
        { id: 3, paidOn: '2026-11-25', reference: 'DEP-1', amount: 50_000, recordedBy: 'Fin Ance', recordedAt: '2026-11-25T10:00:00' },
      ],
    });
    serve({ invoices: () => [part] });
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    const row = (await screen.findByText('DSB-2026-00001')).closest('tr')!;
    expect(within(row).getByText('Paid AED 500.00 on 25 Nov 2026 · DEP-1')).toBeInTheDocument();
    expect(within(row).getByText('AED 634.00')).toBeInTheDocument();
    expect(within(row).getByText('Issued')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Record payment: DSB-2026-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment for DSB-2026-00001' });
    expect(within(dialog).getByText('Still owed: AED 634.00 (AED 500.00 paid so far)')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount (AED)' })).toHaveValue('634.00');
  });

  it('issues a credit note for an amount typed in AED, sent in fils; too much is said at the amount', async () => {
    const { calls } = serve(
      {},
      {
        'POST /api/invoices/5/credit-notes': (body) => ({
          status: 201,
          body: makeInvoice({ id: 9, number: 'DSB-2026-00009', kind: 'credit', total: (body as { amount: number }).amount }),
        }),
      },
    );
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    await userEvent.click(await screen.findByRole('button', { name: 'Credit note: DSB-2026-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for DSB-2026-00001' });
    expect(within(dialog).getByText('Still owed: AED 1,134.00')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (AED)' });
    expect(amount).toHaveValue('1,134.00');

    await userEvent.clear(amount);
    await userEvent.type(amount, '1200');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Late bus');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(InvoiceMessages.creditTooMuch));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await userEvent.clear(amount);
    await userEvent.type(amount, '12.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Credit note DSB-2026-00009 issued.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ amount: 1250, reason: 'Late bus' }]);
  });

  it('shows what each school owes by age, and downloads its statement for a month', async () => {
    const statementPath = `/api/statements/${GREENFIELD}/${dayjs().format('YYYY-MM')}`;
    const mocked = serve({}, { [`GET ${statementPath}/pdf`]: () => ({ body: '%PDF-1.7 statement' }) });
    const downloads = catchDownloads(mocked.fetchMock);
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    const table = await screen.findByRole('table', { name: 'Balances by school' });
    expect(screen.getByRole('heading', { name: 'Balances by school' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['School', 'Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Total', 'Statement']);
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Greenfield Primary',
      'AED 634.00',
      'AED 0.00',
      'AED 500.00',
      'AED 0.00',
      'AED 12.50',
      'AED 1,146.50',
    ]);
    expect(within(table).getByRole('combobox', { name: 'Statement month for Greenfield Primary' })).toHaveValue(
      dayjs().format('MMMM YYYY'),
    );

    await userEvent.click(within(table).getByRole('button', { name: 'Statement PDF for Greenfield Primary' }));
    // no Content-Disposition: the file is named after the school and the month
    await waitFor(() => expect(downloads.saved.map((s) => s.name)).toEqual([`statement-${GREENFIELD}-${dayjs().format('YYYY-MM')}.pdf`]));
    expect(downloads.saved[0].text).toBe('%PDF-1.7 statement');
    downloads.restore();
  });

  it('reads the list, the totals and the balances again on invoice:changed, once each', async () => {
    let paid = summary.paidRevenue;
    const { calls } = serve({ summary: () => ({ ...summary, paidRevenue: paid }) });
    renderWithApp(<FinancePage />, { route: '/finance', session: finance });
    expect(await screen.findByTestId('paid-revenue')).toHaveTextContent('AED 620.50');
    await screen.findByRole('table', { name: 'Balances by school' });
    const count = (path: string) => calls.filter((c) => c.path === path).length;
    const before = ['/api/invoices', '/api/invoices/summary', '/api/invoices/balances'].map(count);

    paid = 175_450;
    act(() => emitLiveForTest('invoice:changed', { seq: 1, tenantId: 1, invoice: { ...museum, status: 'Paid', balance: 0 } }));
    await waitFor(() => expect(screen.getByTestId('paid-revenue')).toHaveTextContent('AED 1,754.50'));
    expect(['/api/invoices', '/api/invoices/summary', '/api/invoices/balances'].map(count)).toEqual(before.map((n) => n + 1));
  });

  it('shows each invoice and each school as a card on a phone', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      serve();
      renderWithApp(<FinancePage />, { route: '/finance', session: finance });
      const card = await screen.findByRole('article', { name: 'DSB-2026-00001' });
      expect(screen.queryByRole('table')).toBeNull();
      for (const text of ['Science Museum, 18 Nov 2026', 'Greenfield Primary', 'Issued', 'AED 1,134.00']) {
        expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
      }
      expect(within(card).getByRole('button', { name: 'Record payment: DSB-2026-00001' })).toBeInTheDocument();
      const school = await screen.findByRole('article', { name: 'Greenfield Primary' });
      expect(within(school).getByText('Over 90 days')).toBeInTheDocument();
      expect(within(school).getByText('AED 12.50')).toBeInTheDocument();
      expect(within(school).getByRole('button', { name: 'Statement CSV for Greenfield Primary' })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
