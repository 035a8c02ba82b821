import type { StatementDto } from './invoices';
import { csvAmount, csvText, statementCsv } from './statement-csv';

describe('statement CSV', () => {
  it('writes fils as plain decimals with integer arithmetic', () => {
    expect(csvAmount(123_450)).toBe('1234.50');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(-1_205)).toBe('-12.05');
    // 0.1 + 0.2 in floats is not 0.3; in fils it is.
    expect(csvAmount(10 + 20)).toBe('0.30');
  });

  it('quotes as RFC 4180 says and keeps formulas from running', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a, b')).toBe('"a, b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText(' edge')).toBe('" edge"');
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('+1')).toBe(`"'+1"`);
    expect(csvText('-1')).toBe(`"'-1"`);
    expect(csvText('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvText('\tcmd')).toBe(`"'\tcmd"`);
  });

  it('opens with the opening balance, lists the entries and closes with the totals and the closing balance', () => {
    const s: StatementDto = {
      schoolOrgId: 1,
      schoolName: 'Greenfield',
      month: '2026-02',
      currency: 'AED',
      openingBalance: 100_000,
      entries: [
        {
          date: '2026-02-03',
          kind: 'invoice',
          number: 'DSB-2026-00002',
          companyName: 'Desert Star, LLC',
          description: 'Trip: Zoo, Tue 3 Feb 2026',
          debit: 123_450,
          credit: 0,
          balance: 223_450,
        },
        {
          date: '2026-02-10',
          kind: 'credit',
          number: 'DSB-2026-00003',
          companyName: 'Desert Star, LLC',
          description: 'Credit note for DSB-2026-00002: =cmd',
          debit: 0,
          credit: 3_450,
          balance: 220_000,
        },
        {
          date: '2026-02-20',
          kind: 'payment',
          number: 'DSB-2026-00001',
          companyName: 'Desert Star, LLC',
          description: 'Payment TT-1 for DSB-2026-00001',
          debit: 0,
          credit: 100_000,
          balance: 120_000,
        },
      ],
      closingBalance: 120_000,
    };
    expect(statementCsv(s).split('\r\n')).toEqual([
      'Date,Type,Number,Bus company,Description,Debit,Credit,Balance',
      '2026-02-01,Opening balance,,,,,,1000.00',
      '2026-02-03,Invoice,DSB-2026-00002,"Desert Star, LLC","Trip: Zoo, Tue 3 Feb 2026",1234.50,,2234.50',
      '2026-02-10,Credit note,DSB-2026-00003,"Desert Star, LLC",Credit note for DSB-2026-00002: =cmd,,34.50,2200.00',
      '2026-02-20,Payment,DSB-2026-00001,"Desert Star, LLC",Payment TT-1 for DSB-2026-00001,,1000.00,1200.00',
      '2026-02-28,Closing balance,,,,1234.50,1034.50,1200.00',
      '',
    ]);
  });
});
