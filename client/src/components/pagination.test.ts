import { clampPage, pageCount, pageJump, pageSlice, rangeText } from './pagination';

describe('pagination', () => {
  it('reads "0 of 0 Trips" with no trips, and no pages', () => {
    expect(rangeText(0, 1, 12)).toBe('0 of 0 Trips');
    expect(pageCount(0, 12)).toBe(0);
    expect(pageSlice([], 1, 12)).toEqual([]);
    expect(pageJump('1', 0)).toBeNull();
  });

  it('fits exactly 12 trips on one page', () => {
    expect(pageCount(12, 12)).toBe(1);
    expect(rangeText(12, 1, 12)).toBe('1–12 of 12 Trips');
  });

  it('puts the 13th trip on a second page', () => {
    const items = Array.from({ length: 13 }, (_, i) => i);
    expect(pageCount(13, 12)).toBe(2);
    expect(rangeText(13, 2, 12)).toBe('13–13 of 13 Trips');
    expect(pageSlice(items, 2, 12)).toEqual([12]);
    expect(rangeText(13, 1, 25)).toBe('1–13 of 13 Trips');
  });

  it('jumps only to a page between 1 and the page count, digits only', () => {
    expect(pageJump('2', 2)).toBe(2);
    expect(pageJump('3', 2)).toBeNull();
    expect(pageJump('0', 2)).toBeNull();
    expect(pageJump('1.5', 2)).toBeNull();
    expect(pageJump('', 2)).toBeNull();
  });

  it('clamps a page that no longer exists after the list shrank', () => {
    expect(clampPage(5, 13, 12)).toBe(2);
    expect(clampPage(0, 13, 12)).toBe(1);
    expect(clampPage(3, 0, 12)).toBe(1);
  });
});
