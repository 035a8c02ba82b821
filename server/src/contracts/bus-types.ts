/** The bus types an assigned bus may have (re-exported by trip-wire.ts; a leaf, so the wire files can share it). */
export const BUS_TYPES = ['Internal Yellow Bus', 'External Yellow Bus', 'White Bus'] as const;
export type BusType = (typeof BUS_TYPES)[number];
