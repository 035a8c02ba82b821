import type { TripFacts } from './letters';
import { driverInviteLetter, escapeHtml, tripLetter } from './letters';

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
