import type { ApprovalFacts, TripFacts } from './letters';
import { approvalLetter, driverInviteLetter, escapeHtml, seriesLetter, type SeriesWeek, tripLetter } from './letters';

const trip: TripFacts = {
  id: 42,
  destination: 'Science <Discovery> & "Centre"',
  schoolName: "O'Brien School",
  departureDate: '2026-12-02',
  departureTime: '09:15 AM',
  returnDate: '2026-12-02',
  returnTime: '03:00 PM',
  students: 38,
  staff: null,
  busCompanyName: 'Desert Star',
  buses: [{ busType: 'White Bus', busSeats: 40, busName: 'Bus 7', busPlate: 'D 12345', driverName: 'Omar Haddad', driverPhone: '050' }],
};

describe('e-mail letters', () => {
  it('words a trip notice with the subject, the facts and the link to the trip', () => {
    const letter = tripLetter('tripAccepted', 'Layla', trip, 'https://console.example');
    expect(letter.subject).toBe('Trip accepted: Science <Discovery> & "Centre", Wed 2 Dec');
    expect(letter.text.split('\n')).toEqual([
      'Hello Layla,',
      '',
      'Desert Star accepted your trip to Science <Discovery> & "Centre".',
      '',
      'Destination: Science <Discovery> & "Centre"',
      "School: O'Brien School",
      'Departure: Wed 2 Dec 09:15 AM',
      'Return: Wed 2 Dec 03:00 PM',
      'Passengers: 38 students, 0 staff',
      'Bus company: Desert Star',
      '',
      'Open the trip: https://console.example/trips?trip=42',
      '',
      'You get this e-mail because of your choice in Account Settings, where you can turn it off.',
    ]);
  });

  it('escapes every value in the HTML', () => {
    const { html } = tripLetter('tripConfirmed', '<script>x</script>', trip, 'https://console.example');
    expect(html).not.toMatch(/<script>|<Discovery>|O'Brien/);
    expect(html).toContain('Hello &#60;script&#62;x&#60;/script&#62;,');
    expect(html).toContain('Science &#60;Discovery&#62; &#38; &#34;Centre&#34;');
    expect(html).toContain('<a href="https://console.example/trips?trip=42">Open the trip</a>');
    expect(html).toContain('Bus 7 (D 12345), 40 seats, driver Omar Haddad (050)');
  });

  it("names the trip's departure in a needs-a-bus subject and links to that week's board", () => {
    const letter = tripLetter('needsBus', 'Sam', trip, 'https://console.example');
    expect(letter.subject).toBe('Needs a bus: Science <Discovery> & "Centre" departs Wed 2 Dec 09:15 AM');
    expect(letter.text).toContain('Open the dispatch board: https://console.example/dispatch?week=2026-11-30');
  });

  it("tells an approver what a change would change and cost, before the link; the requester's letter does not repeat it", () => {
    const change: ApprovalFacts = {
      kind: 'change',
      step: 1,
      steps: 1,
      requestedBy: 'Grace Green',
      decidedBy: null,
      comment: null,
      reminder: false,
      budgetCode: null,
      changes: ['Destination: Hamdan Pool → Al Ain Zoo', 'Distance: 18 km → 160 km', 'Estimate: AED 472.50 → AED 1,050.00'],
    };
    const lines = approvalLetter('approvalWaiting', 'Tariq', trip, change, 'https://x').text.split('\n');
    expect(lines.slice(2, 5)).toEqual([
      `A change to the trip to ${trip.destination} by Grace Green waits for your approval (step 1 of 1).`,
      'The change: Destination: Hamdan Pool → Al Ain Zoo; Distance: 18 km → 160 km; Estimate: AED 472.50 → AED 1,050.00.',
      '',
    ]);
    const approved = approvalLetter('requestApproved', 'Grace', trip, { ...change, decidedBy: 'Tariq' }, 'https://x').text;
    expect(approved).not.toContain('The change:');
  });

  describe('several weeks of a weekly series in one letter', () => {
    const weeks: SeriesWeek[] = ['2026-12-16', '2026-12-02', '2026-12-09'].map((day, i) => ({
      ...trip,
      id: 50 + i,
      seriesId: 'a1b2c3d4-0000-4000-8000-000000000001',
      departureDate: day,
      returnDate: day,
      students: 38 + i,
    }));
    const approval: ApprovalFacts = {
      kind: 'request',
      step: 1,
      steps: 2,
      requestedBy: 'Grace <Lee>',
      decidedBy: 'Priya',
      comment: null,
      reminder: false,
      budgetCode: 'SW-31',
      changes: [],
    };

    it('asks an approver once for every week, by departure, with a link to approve them all', () => {
      const letter = seriesLetter('approvalWaiting', 'Tariq', weeks, approval, 'https://console.example');
      expect(letter.subject).toBe('Waiting for your approval: Science <Discovery> & "Centre", 3 weeks from Wed 2 Dec');
      expect(letter.text.split('\n')).toEqual([
        'Hello Tariq,',
        '',
        'The trip request to Science <Discovery> & "Centre" by Grace <Lee>, 3 weeks of a weekly series, waits for your approval (step 1 of 2).',
        '',
        'Destination: Science <Discovery> & "Centre"',
        "School: O'Brien School",
        'Wed 2 Dec: 09:15 AM to 03:00 PM, 39 students, 0 staff',
        'Wed 9 Dec: 09:15 AM to 03:00 PM, 40 students, 0 staff',
        'Wed 16 Dec: 09:15 AM to 03:00 PM, 38 students, 0 staff',
        'Bus company: Desert Star',
        'Budget code: SW-31',
        '',
        'Approve all 3 weeks: https://console.example/approvals?series=a1b2c3d4-0000-4000-8000-000000000001&decision=approve',
        'Open the first week: https://console.example/trips?trip=51',
        '',
        'You get this e-mail because of your choice in Account Settings, where you can turn it off.',
      ]);
      expect(letter.html).toContain('Grace &#60;Lee&#62;');
      expect(letter.html).not.toMatch(/<Lee>|<Discovery>/);
    });

    it('tells a reminder, a return for changes, a withdrawal and a company’s decisions on the weeks', () => {
      const words = (notice: Parameters<typeof seriesLetter>[0], over: Partial<typeof approval> | null = {}) =>
        seriesLetter(notice, 'Grace', weeks, over && { ...approval, ...over }, 'https://x').text.split('\n')[2];
      expect(words('approvalWaiting', { reminder: true, step: 2 })).toBe(
        'The trip request to Science <Discovery> & "Centre" by Grace <Lee>, 3 weeks of a weekly series, waits for your approval (step 2 of 2), and has for a while.',
      );
      expect(words('changesRequested', { comment: 'Add a teacher' })).toBe(
        'Priya asks for changes to 3 weeks of your weekly trip to Science <Discovery> & "Centre": “Add a teacher”',
      );
      expect(words('requestWithdrawn', { decidedBy: null })).toBe(
        '3 weeks of your weekly trip to Science <Discovery> & "Centre" waited for approval past your school’s limit and were withdrawn.',
      );
      expect(words('requestApproved', { kind: 'change' })).toBe(
        'Priya approved your change to 3 weeks of the trip to Science <Discovery> & "Centre"; the bus company now sees it.',
      );
      expect(words('tripAccepted', null)).toBe('Desert Star accepted 3 weeks of your weekly trip to Science <Discovery> & "Centre".');
      expect(words('cancellationApproved', null)).toBe(
        'Desert Star approved cancelling 3 weeks of your weekly trip to Science <Discovery> & "Centre". They are canceled.',
      );
    });
  });

  it("sends a driver's link with the company's name", () => {
    const letter = driverInviteLetter({
      driverName: 'Omar',
      companyName: 'Desert Star',
      url: 'https://console.example/join/abc',
      expiresAt: new Date('2026-12-05T10:00:00Z'),
    });
    expect(letter.subject).toBe('Your driver account with Desert Star');
    expect(letter.text).toContain('Create your account: https://console.example/join/abc');
    expect(escapeHtml(`a&b<c>"d'`)).toBe('a&#38;b&#60;c&#62;&#34;d&#39;');
  });
});
