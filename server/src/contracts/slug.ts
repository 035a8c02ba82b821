/** The longest slug a tenant or an organization may carry. */
export const SLUG_MAX_LENGTH = 80;

// Letters that Unicode does not decompose into a base letter plus a mark, so NFKD alone would drop them.
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };

/**
 * An organization's (or tenant's) slug from its name: lower-cases, removes apostrophes, turns runs of non-alphanumerics into one
 * hyphen, trims hyphens at the ends and cuts to 80 characters. Accents are folded first (NFKD), so
 * "École" gives "ecole" rather than "cole"; a cut never leaves a trailing hyphen. A name with no letter
 * or digit gives ''.
 */
export function slugify(input: string): string {
  return input
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðþłı]/g, (c) => FOLDED[c] ?? c)
    .replace(/['‘’ʼ`´]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}
