import type { InvoiceDto, SchoolBalanceDto } from '@contracts/invoices';
import type { mockFetch } from '../../test-utils';
import { DESERT_STAR, GREENFIELD } from '../trips/test-trips';

/** An invoice as the server sends it: a trip to the Science Museum, unpaid, due in a month. */
export function makeInvoice(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
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
    requester: 'Grace Green',
    credits: null,
    reason: null,
    credited: 0,
    payments: [],
    paid: 0,
    balance: 113_400,
    status: 'Issued',
    ...overrides,
  };
}

export function makeBalance(overrides: Partial<SchoolBalanceDto> = {}): SchoolBalanceDto {
  return {
    schoolOrgId: GREENFIELD,
    schoolName: 'Greenfield Primary',
    currency: 'AED',
    current: 0,
    days1to30: 0,
    days31to60: 0,
    days61to90: 0,
    over90: 0,
    total: 0,
    ...overrides,
  };
}

/**
 * Files the page saves: the stand-in fetch answers as text only, so each answer also reads as a blob here (with the
 * Content-Disposition the route gives, if any), and the link the page clicks to save is caught.
 */
export function catchDownloads(fetchMock: ReturnType<typeof mockFetch>['fetchMock'], dispositions: Record<string, string> = {}) {
  const answerAsText = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const answer = await answerAsText(input, init);
    const path = new URL(String(input), 'http://localhost').pathname;
    const headers = { get: (name: string) => (name.toLowerCase() === 'content-disposition' ? (dispositions[path] ?? null) : null) };
    const blob = async () => {
      const text = await answer.text();
      const file = new Blob([text]);
      texts.set(file, text);
      return file;
    };
    return { ...answer, headers, blob } as Response;
  });
  // jsdom's Blob cannot be read back: each one's text is kept beside it
  const texts = new Map<Blob, string>();
  const saved: { name: string; text: string | undefined }[] = [];
  let lastBlob: Blob | undefined;
  Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => ((lastBlob = b), 'blob:x')), revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: lastBlob && texts.get(lastBlob) });
  });
  return { saved, restore: () => click.mockRestore() };
}
