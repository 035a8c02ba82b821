import type { InvoiceDto } from '@contracts/invoices';
import { ApiError, apiUrl, getToken, http } from '../../api/http';
import { useQuery } from '../../api/query-cache';

/** Invoices (docs/domain.md, "Invoices"): the list the caller may see, newest first, and each invoice's PDF. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: ['invoices', 'list'] as const,
};

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const invoicesApi = {
  list: async () => asList<InvoiceDto>(await http.get('/invoices')),
  /**
   * The invoice's PDF as a file. It needs the sign-in header, so a plain link would not do; and the HTTP client reads
   * answers as text, which would spoil the PDF's bytes, so this one call reads a blob.
   */
  pdf: async (id: number): Promise<Blob> => {
    const token = getToken();
    const response = await fetch(apiUrl(`/invoices/${id}/pdf`), {
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
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
      throw new ApiError(
        typeof message === 'string' ? message : `Request failed with status code ${response.status}`,
        response.status,
        body,
      );
    }
    return response.blob();
  },
};

export function useInvoices() {
  return useQuery(invoiceKeys.list, invoicesApi.list);
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
