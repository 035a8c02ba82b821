import { nextDateSort } from './trips-table';

describe('the All Trips date sort', () => {
  it('cycles through none, ascending and descending', () => {
    expect(nextDateSort('none')).toBe('asc');
    expect(nextDateSort('asc')).toBe('desc');
    expect(nextDateSort('desc')).toBe('none');
  });
});
