import type {
  CreditNoteBody,
  InvoiceDto,
  InvoiceFilter,
  InvoicePaymentBody,
  InvoiceSummaryDto,
  SchoolBalanceDto,
} from '@contracts/invoices';
import { ApiError, apiUrl, getToken, http, type QueryParams } from '../../api/http';
import { useQuery } from '../../api/query-cache';

/**
 * Invoices (docs/domain.md, "Invoices"): the list the caller may see (filtered on Finance), its totals, what each
 * school owes by age, each invoice's PDF, payments, credit notes and monthly statements. Everything sits under
 * `invoiceKeys.all`, so one invalidation after a change refreshes every view of them.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: ['invoices', 'list'] as const,
  list: (filter: InvoiceFilter = {}) => ['invoices', 'list', filter] as const,
  summary: (filter: InvoiceFilter = {}) => ['invoices', 'summary', filter] as const,
  balances: ['invoices', 'balances'] as const,
};

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The filter as the query string the server reads (an empty part is left out). */
export function invoiceQuery(filter: InvoiceFilter): QueryParams {
  return {
    payment: filter.payment,
    month: filter.month,
    search: filter.search?.trim() || undefined,
    schoolId: filter.schoolId,
    order: filter.order,
  };
}

/** A downloaded file: its bytes, and the name the server gave it (Content-Disposition) or the fallback. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** `attachment; filename="x.pdf"` → `x.pdf`; null when the header names no file. */
export function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a badly encoded name: try the plain one
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || null;
}

/**
 * A file from the API. It needs the sign-in header, so a plain link would not do; and the HTTP client reads answers
 * as text, which would spoil a PDF's bytes, so these calls read a blob.
 */
async function download(path: string, accept: string, fallbackName: string, query?: QueryParams): Promise<DownloadedFile> {
  const token = getToken();
  const response = await fetch(apiUrl(path, query), {
    headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
  if (!response.ok) {
    let body: unknown = undefined;
    try {
      body = JSON.parse(await response.text());
    } catch {
      // no JSON message: the status says enough
    }
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(typeof message === 'string' ? message : `Request failed with status code ${response.status}`, response.status, body);
  }
  const fileName = fileNameOf(response.headers?.get('Content-Disposition')) ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/** One page of a list, as GET /invoices reads it. */
export interface InvoicePaging {
  page: number;
  pageSize: number;
}

export const invoicesApi = {
  /** The newest 1,000 the filter matches, or one page of them (its total is the summary's count). */
  list: async (filter: InvoiceFilter = {}, paging?: InvoicePaging) =>
    asList<InvoiceDto>(await http.get('/invoices', { ...invoiceQuery(filter), ...paging })),
  summary: (filter: InvoiceFilter = {}) => http.get<InvoiceSummaryDto>('/invoices/summary', invoiceQuery(filter)),
  balances: async () => asList<SchoolBalanceDto>(await http.get('/invoices/balances')),
  /** The invoice's PDF. */
  pdf: async (id: number): Promise<Blob> => (await download(`/invoices/${id}/pdf`, 'application/pdf', `invoice-${id}.pdf`)).blob,
  /** A payment's receipt, as a PDF named by the server (`<invoice number>-R<n>.pdf`). */
  receipt: (id: number, paymentId: number) =>
    download(`/invoices/${id}/payments/${paymentId}/receipt`, 'application/pdf', `receipt-${id}-${paymentId}.pdf`),
  /** Every invoice the filter matches, as CSV. */
  csv: (filter: InvoiceFilter) => download('/invoices/csv', 'text/csv', 'invoices.csv', invoiceQuery(filter)),
  /** A school's statement for a month (`YYYY-MM`), as PDF or CSV. */
  statement: (schoolId: number, month: string, format: 'pdf' | 'csv') =>
    download(
      `/statements/${schoolId}/${month}/${format}`,
      format === 'pdf' ? 'application/pdf' : 'text/csv',
      `statement-${schoolId}-${month}.${format}`,
    ),
  pay: (id: number, body: InvoicePaymentBody) => http.post<InvoiceDto>(`/invoices/${id}/payment`, body),
  /** Answers the credit note issued. */
  creditNote: (id: number, body: CreditNoteBody) => http.post<InvoiceDto>(`/invoices/${id}/credit-notes`, body),
};

/** The invoices the filter matches (all the caller may see without one); the last answer stays while a new filter loads. */
export function useInvoices(filter: InvoiceFilter = {}, paging?: InvoicePaging) {
  return useQuery([...invoiceKeys.list(filter), paging ?? null], () => invoicesApi.list(filter, paging), { keepPrevious: true });
}

export function useInvoiceSummary(filter: InvoiceFilter) {
  return useQuery(invoiceKeys.summary(filter), () => invoicesApi.summary(filter), { keepPrevious: true });
}

export function useSchoolBalances() {
  return useQuery(invoiceKeys.balances, invoicesApi.balances);
}

/** Saves a file through a temporary link, as the CSV export does. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
