// Types of scripts/check-citations.mjs, for its test.

export const CITATION_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }>;

/** The citations in one text: one entry per line with at least one. */
export function citationsIn(text: string): Array<{ line: number; name: string; text: string }>;
