import { Initial1795355827157 } from './1795355827157-Initial';

/** Listed explicitly so the same set runs from source (tests) and from dist (production). */
export const MIGRATIONS = [Initial1795355827157];
