import type { RateCardBody, RateCardDto } from '@contracts/rates';
import { http } from '../../api/http';
import { setQueryData, useQuery } from '../../api/query-cache';

/**
 * A company's rate card and its versions (docs/domain.md, "Rate cards"). `companyId` null is the caller's own company
 * (a dispatcher's); admins always name one.
 */
export const rateKeys = {
  all: ['rates'] as const,
  current: (companyId: number | null) => ['rates', 'current', companyId] as const,
  versions: (companyId: number | null) => ['rates', 'versions', companyId] as const,
};

export const ratesApi = {
  // a company without a card answers null, which Nest sends as an empty body: both read as "no card yet"
  current: async (companyId: number | null) => (await http.get<RateCardDto | null>('/rates', { companyId })) ?? null,
  versions: async (companyId: number | null) => {
    const list = await http.get<RateCardDto[]>('/rates/versions', { companyId });
    return Array.isArray(list) ? list : [];
  },
  save: (body: RateCardBody) => http.put<RateCardDto>('/rates', body),
};

export function useRateCard(companyId: number | null) {
  return useQuery(rateKeys.current(companyId), () => ratesApi.current(companyId));
}

export function useRateVersions(companyId: number | null) {
  return useQuery(rateKeys.versions(companyId), () => ratesApi.versions(companyId));
}

/** Whether a card cached under `key` (or its absence) belongs to the company of `card`: the own-company key holds only one. */
const sameCompany = (cached: RateCardDto | null | undefined, card: RateCardDto) => !cached || cached.companyId === card.companyId;

/**
 * After a save or a `rates:updated` event: the card becomes its company's current one and heads its versions list. A
 * version already held (or an older one, arriving late) changes nothing.
 */
export function storeRateCard(card: RateCardDto): void {
  for (const companyId of [card.companyId, null]) {
    setQueryData<RateCardDto | null>(rateKeys.current(companyId), (cached) => {
      if (cached === undefined || !sameCompany(cached, card)) return undefined;
      return cached && cached.version >= card.version ? undefined : card;
    });
    setQueryData<RateCardDto[]>(rateKeys.versions(companyId), (list) => {
      if (!list || !sameCompany(list[0], card) || list.some((v) => v.version >= card.version)) return undefined;
      return [card, ...list];
    });
  }
}
