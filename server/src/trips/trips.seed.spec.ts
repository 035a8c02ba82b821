import dayjs from 'dayjs';
import { laterToday } from './trips.seed';

describe("the demo's trip of the day", () => {
  const at = (time: string) => dayjs(`2026-11-28T${time}:00`);

  it('leaves about an hour after the seed runs, on the half hour, for three hours', () => {
    expect(laterToday(at('14:10'))).toEqual(['03:30 PM', '06:30 PM']);
    expect(laterToday(at('14:30'))).toEqual(['03:30 PM', '06:30 PM']);
    expect(laterToday(at('14:31'))).toEqual(['04:00 PM', '07:00 PM']);
  });

  it('leaves from 07:00 in the early morning and by 21:00 in the evening, back by 23:30', () => {
    expect(laterToday(at('02:00'))).toEqual(['07:00 AM', '10:00 AM']);
    expect(laterToday(at('20:45'))).toEqual(['09:00 PM', '11:30 PM']);
    expect(laterToday(at('23:50'))).toEqual(['09:00 PM', '11:30 PM']);
  });
});
