import { type InvoiceDto, invoiceMoney } from '@contracts/invoices';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../api/http';
import { emitLiveForTest } from '../../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { DESERT_STAR, GREENFIELD, makeTrip } from '../trips/test-trips';
import { InvoicesPage } from './invoices-page';

function makeInvoice(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: 5,
    number: 'DSB-2026-00001',
    tenantId: 1,
    companyId: DESERT_STAR,
    companyName: 'Desert Star Buses',
    schoolOrgId: GREENFIELD,
    schoolName: 'Greenfield Primary',
    tripId: 40,
    tripDestination: 'Science Museum',
    tripDate: '2026-11-18',
    kind: 'trip',
    // local time, so the day reads the same in every time zone
    issuedAt: '2026-11-20T09:00:00',
    dueDate: '2026-12-20',
    currency: 'AED',
    vatBasisPoints: 500,
    lines: [{ description: 'Trip', amount: 108_000, vat: 5_400 }],
    subtotal: 108_000,
    vat: 5_400,
    total: 113_400,
    ...overrides,
  };
}

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
});

const admin = makeSession(makeProfile('admin'));

/** The server's side: the list (a function, so a test can change it) and each invoice's PDF. */
function serve(list: () => InvoiceDto[], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'GET /api/invoices': () => ({ body: list() }), ...extra });
}

const row = (number: string) => screen.getByRole('row', { name: new RegExp(`^${number}`) });
const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/invoices').length;

describe('Invoices', () => {
  it('lists each invoice with what it bills, its school and company, its days and its total as the PDF prints it', async () => {
    serve(() => [zooFee, museum]);
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    expect(screen.getByRole('heading', { name: 'Invoices', level: 2 })).toBeInTheDocument();
    await screen.findByText('DSB-2026-00001');

    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Number',
      'For',
      'School',
      'Bus company',
      'Issued',
      'Due',
      'Total',
      '',
    ]);
    const cells = (number: string) =>
      within(row(number))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // newest first, as the server sends them
    expect(cells('DSB-2026-00002')).toEqual([
      'DSB-2026-00002',
      'Cancellation fee: City Zoo',
      'Greenfield Primary',
      'Desert Star Buses',
      '22 Nov 2026',
      '22 Dec 2026',
      invoiceMoney(1_234_571, 'AED'),
      'PDF',
    ]);
    expect(cells('DSB-2026-00001')).toEqual([
      'DSB-2026-00001',
      'Trip: Science Museum, 18 Nov 2026',
      'Greenfield Primary',
      'Desert Star Buses',
      '20 Nov 2026',
      '20 Dec 2026',
      invoiceMoney(113_400, 'AED'),
      'PDF',
    ]);
    // the shared formatter's words: the currency, thousands grouped, the fils
    expect(within(row('DSB-2026-00002')).getByText('AED 12,345.71')).toBeInTheDocument();
    expect(within(row('DSB-2026-00001')).getByText('AED 1,134.00')).toBeInTheDocument();
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

  it('tells the user when a PDF could not be downloaded', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    serve(() => [museum], { [`GET /api/invoices/${museum.id}/pdf`]: () => ({ status: 404, body: { message: 'Invoice not found.' } }) });
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Download DSB-2026-00001 as PDF' }));
    expect(await screen.findByText('The PDF could not be downloaded.')).toBeInTheDocument();
    expect(screen.getByText('Invoice not found.')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('reads the list again when a trip is completed or cancelled elsewhere, and not for other changes', async () => {
    let invoices = [museum];
    const { calls } = serve(() => invoices);
    renderWithApp(<InvoicesPage />, { route: '/invoices', session: admin });
    await screen.findByText('DSB-2026-00001');
    const before = listCalls(calls);

    const envelope = { seq: 1, tenantId: 1, by: { id: 9, name: 'Dev Desert' } };
    act(() => emitLiveForTest('trip:updated', { ...envelope, trip: makeTrip({ id: 42, status: 'Confirmed' }), status: 'Confirmed' }));
    expect(listCalls(calls)).toBe(before);

    const completed = makeInvoice({ id: 7, number: 'DSB-2026-00003', tripId: 42, tripDestination: 'Opera House', total: 56_700 });
    invoices = [completed, museum];
    act(() =>
      emitLiveForTest('trip:updated', { ...envelope, seq: 2, trip: makeTrip({ id: 42, status: 'Completed' }), status: 'Completed' }),
    );
    expect(await screen.findByText('DSB-2026-00003')).toBeInTheDocument();
    expect(within(row('DSB-2026-00003')).getByText('AED 567.00')).toBeInTheDocument();
    expect(listCalls(calls)).toBe(before + 1);

    const fee = makeInvoice({ id: 8, number: 'DSB-2026-00004', tripId: 43, kind: 'cancellation', tripDestination: 'Fort' });
    invoices = [fee, completed, museum];
    act(() => emitLiveForTest('trip:updated', { ...envelope, seq: 3, trip: makeTrip({ id: 43, status: 'Canceled' }), status: 'Canceled' }));
    expect(await screen.findByText('Cancellation fee: Fort')).toBeInTheDocument();
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
        'Cancellation fee: City Zoo',
        'Greenfield Primary',
        'Desert Star Buses',
        '22 Nov 2026',
        '22 Dec 2026',
        'AED 12,345.71',
      ]) {
        expect(within(card).getByText(text)).toBeInTheDocument();
      }
      expect(within(card).getByRole('button', { name: 'Download DSB-2026-00002 as PDF' })).toHaveTextContent('PDF');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
