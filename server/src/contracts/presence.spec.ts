import { claimNotice, claimOf, type PresenceAnnouncement, viewersOf } from './presence';

const at = (minute: number) => `2031-05-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
const dev: Omit<PresenceAnnouncement, 'activity' | 'since'> = { userId: 7, name: 'Dev Desert', role: 'bus_company' };
const sam: Omit<PresenceAnnouncement, 'activity' | 'since'> = { userId: 3, name: 'Sam School', role: 'school_staff' };

describe('viewersOf', () => {
  it('lists each user once, with the activity that matters most among their tabs and since when they do it', () => {
    const viewers = viewersOf([
      { ...dev, activity: 'viewing', since: at(30) },
      { ...dev, activity: 'assigning', since: at(41) },
      { ...dev, activity: 'passengers', since: at(35) },
      { ...sam, activity: 'viewing', since: at(40) },
    ]);
    expect(viewers).toEqual([
      { ...sam, activity: 'viewing', since: at(40) },
      { ...dev, activity: 'assigning', since: at(41) },
    ]);
  });

  it('ranks assigning over editing over passengers over viewing, and keeps the earliest of equal activities', () => {
    expect(
      viewersOf([
        { ...dev, activity: 'editing', since: at(1) },
        { ...dev, activity: 'assigning', since: at(2) },
      ])[0].activity,
    ).toBe('assigning');
    expect(
      viewersOf([
        { ...dev, activity: 'passengers', since: at(1) },
        { ...dev, activity: 'editing', since: at(2) },
      ])[0].activity,
    ).toBe('editing');
    expect(
      viewersOf([
        { ...dev, activity: 'viewing', since: at(1) },
        { ...dev, activity: 'passengers', since: at(2) },
      ])[0].activity,
    ).toBe('passengers');
    expect(
      viewersOf([
        { ...dev, activity: 'viewing', since: at(5) },
        { ...dev, activity: 'viewing', since: at(2) },
      ])[0].since,
    ).toBe(at(2));
  });

  it('is empty for nobody', () => {
    expect(viewersOf([])).toEqual([]);
  });
});

describe('the soft claim', () => {
  it('names someone else who is assigning or editing, never the user themself or a mere viewer', () => {
    const viewers = viewersOf([
      { ...sam, activity: 'editing', since: at(10) },
      { ...dev, activity: 'assigning', since: at(41) },
    ]);
    expect(claimOf(viewers, sam.userId)?.userId).toBe(dev.userId);
    expect(claimOf(viewers, dev.userId)?.userId).toBe(sam.userId);
    expect(claimOf(viewersOf([{ ...dev, activity: 'viewing', since: at(1) }]), sam.userId)).toBeNull();
    expect(claimOf(viewersOf([{ ...dev, activity: 'passengers', since: at(1) }]), sam.userId)).toBeNull();
  });

  it('reads as the issue words it', () => {
    expect(claimNotice({ name: 'Dev Desert', activity: 'assigning' }, '09:41')).toBe(
      'Dev Desert is assigning buses on this trip (since 09:41).',
    );
    expect(claimNotice({ name: 'Sam School', activity: 'editing' }, '10:05')).toBe('Sam School is editing this trip (since 10:05).');
  });
});
