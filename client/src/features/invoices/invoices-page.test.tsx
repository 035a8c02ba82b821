import { type InvoiceDto, invoiceMoney } from '@contracts/invoices';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../api/http';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { DESERT_STAR, makeTrip } from '../trips/test-trips';
import { InvoicesPage } from './invoices-page';
import { makeBalance, makeInvoice } from './test-invoices';

const museum = makeInvoice();
const zooFee = makeInvoice({
  id: 6,
  number: 'DSB-2026-00002',
  tripId: 41,
  tripDestination: 'City Zoo',
  tripDate: '2026-11-25',
  kind: 'cancellation',
  issuedAt: '2026-11-22T15:30:00',
  dueDate: '2026-12-22',
  lines: [{ description: 'Cancellation fee: 50 % within 72 hours of departure', amount: 1_175_782, vat: 58_789 }],
  subtotal: 1_175_782,
  vat: 58_789,
  total: 1_234_571,
  balance: 1_234_571,
  status: 'Overdue',
});

const admin = makeSession(makeProfile('admin'));

/** The server's side: the list (a function, so a test can change it) and each invoice's PDF. */
function serve(list: () => InvoiceDto[], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'GET /api/invoices': () => ({ body: list() }), 'GET /api/invoices/balances': () => ({ body: [] }), ...extra });
}

const row = (number: string) => screen.getByRole('row', { name: new RegExp(`^${number}`) });
const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/invoices').length;

describe('Invoices', () => {
  it('lists each invoice with what it bills, its school and company, its days, its total as the PDF prints it, its balance and status', async () => {
    serve(() => [zooFee, museum]);
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    expect(screen.getByRole('heading', { name: 'Invoices', level: 2 })).toBeInTheDocument();
    await screen.findByText('DSB-2026-00001');

    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Invoice and trip',
      'School and bus company',
      'Issued and due',
      'Total',
      'Balance and status',
      'Actions',
    ]);
    const cells = (number: string) =>
      within(row(number))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // newest first, as the server sends them
    expect(cells('DSB-2026-00002')).toEqual([
      'DSB-2026-00002City Zoo, 25 Nov 2026Cancellation fee',
      'Greenfield PrimaryDesert Star Buses',
      '22 Nov 2026due 22 Dec 2026',
      'AED 12,345.71',
      'AED 12,345.71Overdue',
      'PDFRecord paymentCredit note',
    ]);
    expect(cells('DSB-2026-00001')).toEqual([
      'DSB-2026-00001Science Museum, 18 Nov 2026',
      'Greenfield PrimaryDesert Star Buses',
      '20 Nov 2026due 20 Dec 2026',
      invoiceMoney(113_400, 'AED'),
      `${invoiceMoney(113_400, 'AED')}Issued`,
      'PDFRecord paymentCredit note',
    ]);
    // the shared formatter's words: the currency, thousands grouped, the fils
    expect(within(row('DSB-2026-00002')).getAllByText('AED 12,345.71')).toHaveLength(2);
    expect(within(row('DSB-2026-00001')).getAllByText('AED 1,134.00')).toHaveLength(2);
    expect(within(row('DSB-2026-00002')).getByText('Overdue').closest('[data-status]')).toHaveAttribute('data-status', 'Overdue');
  });

  it('says so when there are no invoices yet', async () => {
    serve(() => []);
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the list did not load, and loads it on Retry', async () => {
    let fail = true;
    mockFetch({ 'GET /api/invoices': () => (fail ? { status: 500, body: { message: 'Database unavailable.' } } : { body: [museum] }) });
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load invoices');
    expect(alert).toHaveTextContent('Database unavailable.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('DSB-2026-00001')).toBeInTheDocument();
  });

  it('downloads an invoice as <number>.pdf from its PDF address, signed in', async () => {
    setToken('signed-in-token');
    const { calls, fetchMock } = serve(() => [zooFee, museum], {
      [`GET /api/invoices/${museum.id}/pdf`]: () => ({ body: '%PDF-1.7 museum' }),
    });
    // the stand-in answers as text only; a browser's answer also reads as a blob
    const answerAsText = fetchMock.getMockImplementation()!;
    const pdfBlobs: Blob[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const answer = await answerAsText(input, init);
      const blob = async () => {
        pdfBlobs.push(new Blob([await answer.text()], { type: 'application/pdf' }));
        return pdfBlobs[pdfBlobs.length - 1];
      };
      return { ...answer, blob } as Response;
    });
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => ((lastBlob = b), 'blob:x')), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob! });
    });

    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Download DSB-2026-00001 as PDF' }));

    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['DSB-2026-00001.pdf']));
    // the file saved is the server's answer, as it came
    expect(pdfBlobs).toHaveLength(1);
    expect(saved[0].blob).toBe(pdfBlobs[0]);
    expect(saved[0].blob.size).toBe('%PDF-1.7 museum'.length);
    expect(calls.filter((c) => c.path.endsWith('/pdf')).map((c) => c.path)).toEqual(['/api/invoices/5/pdf']);
    const pdfCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/pdf'))!;
    expect((pdfCall[1]?.headers as Record<string, string>).Authorization).toBe('Bearer signed-in-token');
    click.mockRestore();
  });

  it("offers each payment's receipt and saves it under the name the server gives", async () => {
    setToken('signed-in-token');
    const partPaid = makeInvoice({
      id: 8,
      number: 'DSB-2026-00003',
      balance: 13_400,
      paid: 100_000,
      payments: [
        { id: 11, paidOn: '2026-11-28', reference: 'TT-1', amount: 40_000, recordedBy: 'Fin Ance', recordedAt: '2026-11-28T10:00:00' },
        { id: 12, paidOn: '2026-11-30', reference: 'TT-2', amount: 60_000, recordedBy: 'Fin Ance', recordedAt: '2026-11-30T10:00:00' },
      ],
    });
    const { calls, fetchMock } = serve(() => [partPaid], {
      [`GET /api/invoices/8/payments/12/receipt`]: () => ({ body: '%PDF-1.7 receipt' }),
    });
    // the stand-in answers as text only; a browser's answer also reads as a blob and has headers
    const answerAsText = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const answer = await answerAsText(input, init);
      const headers = new Headers(
        String(input).endsWith('/receipt') ? { 'Content-Disposition': 'attachment; filename="DSB-2026-00003-R2.pdf"' } : {},
      );
      return { ...answer, headers, blob: async () => new Blob([await answer.text()], { type: 'application/pdf' }) } as Response;
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await screen.findByText('DSB-2026-00003');
    const receipts = within(row('DSB-2026-00003')).getAllByRole('button', { name: /^Receipt for/ });
    expect(receipts.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Receipt for AED 400.00 paid on 28 Nov 2026 (TT-1)',
      'Receipt for AED 600.00 paid on 30 Nov 2026 (TT-2)',
    ]);
    await userEvent.click(receipts[1]);
    await waitFor(() => expect(saved).toEqual(['DSB-2026-00003-R2.pdf']));
    expect(calls.filter((c) => c.path.endsWith('/receipt')).map((c) => c.path)).toEqual(['/api/invoices/8/payments/12/receipt']);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/receipt'))!;
    expect((call[1]?.headers as Record<string, string>).Authorization).toBe('Bearer signed-in-token');

    // one the server cannot find: said, nothing saved
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.click(receipts[0]);
    expect(await screen.findByText('The receipt could not be downloaded.')).toBeInTheDocument();
    expect(saved).toEqual(['DSB-2026-00003-R2.pdf']);
    logged.mockRestore();
    click.mockRestore();
  });

  it('tells the user when a PDF could not be downloaded', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    serve(() => [museum], { [`GET /api/invoices/${museum.id}/pdf`]: () => ({ status: 404, body: { message: 'Invoice not found.' } }) });
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Download DSB-2026-00001 as PDF' }));
    expect(await screen.findByText('The PDF could not be downloaded.')).toBeInTheDocument();
    expect(screen.getByText('Invoice not found.')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('reads the list again when an invoice is issued elsewhere, and not for trip changes alone', async () => {
    let invoices = [museum];
    const { calls } = serve(() => invoices);
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await screen.findByText('DSB-2026-00001');
    const before = listCalls(calls);

    const envelope = { seq: 1, tenantId: 1, by: { id: 9, name: 'Dev Desert' } };
    // a trip event, even a completion: the invoice it brings comes as its own event
    act(() => emitLiveForTest('trip:updated', { ...envelope, trip: makeTrip({ id: 42, status: 'Confirmed' }), status: 'Confirmed' }));
    act(() =>
      emitLiveForTest('trip:updated', { ...envelope, seq: 2, trip: makeTrip({ id: 42, status: 'Completed' }), status: 'Completed' }),
    );
    expect(listCalls(calls)).toBe(before);

    const completed = makeInvoice({
      id: 7,
      number: 'DSB-2026-00003',
      tripId: 42,
      tripDestination: 'Opera House',
      total: 56_700,
      balance: 56_700,
    });
    invoices = [completed, museum];
    act(() => emitLiveForTest('invoice:changed', { ...envelope, seq: 3, invoice: completed }));
    expect(await screen.findByText('DSB-2026-00003')).toBeInTheDocument();
    expect(within(row('DSB-2026-00003')).getAllByText('AED 567.00')).toHaveLength(2);
    expect(listCalls(calls)).toBe(before + 1);

    const fee = makeInvoice({ id: 8, number: 'DSB-2026-00004', tripId: 43, kind: 'cancellation', tripDestination: 'Fort' });
    invoices = [fee, completed, museum];
    act(() => emitLiveForTest('invoice:changed', { ...envelope, seq: 4, invoice: fee }));
    expect(await screen.findByText('Fort, 18 Nov 2026')).toBeInTheDocument();
  });

  it('offers a bus company credit notes on what is still owed, not payments, and shows what its schools owe', async () => {
    const paid = makeInvoice({
      id: 8,
      number: 'DSB-2026-00003',
      balance: 0,
      status: 'Paid',
      paid: 113_400,
      payments: [
        { id: 1, paidOn: '2026-11-30', reference: 'TT-1', amount: 113_400, recordedBy: 'Fin Ance', recordedAt: '2026-11-30T10:00:00' },
      ],
    });
    const note = makeInvoice({
      id: 9,
      number: 'DSB-2026-00004',
      kind: 'credit',
      credits: { id: 6, number: 'DSB-2026-00002' },
      reason: 'Late bus',
      total: 1_250,
      balance: 0,
      status: 'Credit note',
    });
    const credited = { ...zooFee, credited: 1_250, balance: zooFee.total - 1_250 };
    serve(() => [note, paid, credited], {
      'GET /api/invoices/balances': () => ({ body: [makeBalance({ days1to30: 1_233_321, total: 1_233_321 })] }),
    });
    const dispatcher = makeProfile('bus_company', {
      active_org_id: DESERT_STAR,
      active_org: { id: DESERT_STAR, name: 'Desert Star Buses', type: 'bus_company' },
    });
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: makeSession(dispatcher) });
    await screen.findByText('DSB-2026-00004');
    const actions = (number: string) =>
      within(row(number))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(actions('DSB-2026-00002')).toEqual(['PDF', 'Credit note']);
    // its payment's receipt, beside the invoice's PDF
    expect(actions('DSB-2026-00003')).toEqual(['Receipt', 'PDF']);
    expect(actions('DSB-2026-00004')).toEqual(['PDF']);
    // the credit note says what it corrects and why; the invoice it corrects, how much was taken off
    expect(within(row('DSB-2026-00004')).getByText('Credit for DSB-2026-00002: Late bus')).toBeInTheDocument();
    expect(within(row('DSB-2026-00002')).getByText('Cancellation fee · Credited AED 12.50')).toBeInTheDocument();
    expect(within(row('DSB-2026-00004')).getByText('Credit note').closest('[data-status]')).toHaveAttribute('data-status', 'Credit note');

    const balances = await screen.findByRole('table', { name: 'Balances by school' });
    const cells = within(within(balances).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.slice(0, 7).map((c) => c.textContent)).toEqual([
      'Greenfield Primary',
      'AED 0.00',
      'AED 12,333.21',
      'AED 0.00',
      'AED 0.00',
      'AED 0.00',
      'AED 12,333.21',
    ]);
  });

  it('shows admins no balances here (they have them on Finance)', async () => {
    const { calls } = serve(() => [museum]);
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await screen.findByText('DSB-2026-00001');
    expect(screen.queryByRole('heading', { name: 'Balances by school' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/invoices/balances')).toBe(false);
  });

  it('reads the list again when an invoice is paid or credited elsewhere', async () => {
    let invoices = [museum];
    const { calls } = serve(() => invoices);
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await screen.findByText('DSB-2026-00001');
    const before = listCalls(calls);
    const paid = { ...museum, balance: 0, status: 'Paid' as const };
    invoices = [paid];
    act(() => emitLiveForTest('invoice:changed', { seq: 1, tenantId: 1, invoice: paid }));
    expect(await within(row('DSB-2026-00001')).findByText('Paid')).toBeInTheDocument();
    expect(within(row('DSB-2026-00001')).getByText('AED 0.00')).toBeInTheDocument();
    expect(listCalls(calls)).toBe(before + 1);
  });

  it('shows each invoice as a card on a phone, with the same values and its PDF button', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      serve(() => [zooFee, museum]);
      renderWithApp(<InvoicesPage />, { route: '/invoices', session: makeSession(makeProfile('school_staff')) });
      const card = await screen.findByRole('article', { name: 'DSB-2026-00002' });
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['DSB-2026-00002', 'DSB-2026-00001']);
      for (const text of [
        'City Zoo, 25 Nov 2026',
        'Cancellation fee',
        'Greenfield Primary',
        'Desert Star Buses',
        '22 Nov 2026',
        '22 Dec 2026',
        'Overdue',
      ]) {
        expect(within(card).getByText(text)).toBeInTheDocument();
      }
      // its total and its balance
      expect(within(card).getAllByText('AED 12,345.71')).toHaveLength(2);
      expect(within(card).getByRole('button', { name: 'Download DSB-2026-00002 as PDF' })).toHaveTextContent('PDF');
      // school staff neither record payments nor issue credit notes
      expect(within(card).queryByRole('button', { name: /Record payment|Credit note/ })).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
