import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCell, csvFileName, csvLine, csvRecord } from './order-csv';
import type { OrderListRow } from './order-list.repository';

/** Reads one RFC 4180 record back (quoted cells, doubled quotes), to check what a reader sees. */
function parseRecord(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else cell += line[i++];
      }
    } else {
      while (i < line.length && line[i] !== ',' && line[i] !== '\r') cell += line[i++];
    }
    cells.push(cell);
    if (line[i] === ',') i++;
    else return cells;
  }
}

describe('csvCell', () => {
  it('makes formula starts harmless with a leading quote', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+92 300')).toBe("'+92 300");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('B-26112100123')).toBe('B-26112100123');
    expect(csvCell('03001234567')).toBe('03001234567');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 asks', () => {
    expect(csvCell('12 Main Boulevard, Gulberg')).toBe('"12 Main Boulevard, Gulberg"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("x"), y')).toBe(`"'=HYPERLINK(""x""), y"`);
    expect(csvCell('')).toBe('');
  });

  it('round-trips any text, a formula start coming back behind its quote', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (cells) => {
        const line = csvLine(cells);
        expect(line.endsWith('\r\n')).toBe(true);
        const back = parseRecord(line.slice(0, -2));
        expect(back).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
        for (const cell of back) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});

describe('csvRecord', () => {
  const row: OrderListRow = {
    id: 7,
    number: 'B-26112100007',
    state: 'needsAssignment',
    pickup: new Date('2026-11-21T05:00:00Z'),
    address: '12 Main Boulevard, Gulberg',
    regionId: 1,
    regionName: 'Gulberg',
    patient: {
      id: 3,
      firstName: 'Ayesha',
      lastName: 'Khan',
      phone: '03001234567',
      secondaryPhone: null,
      email: 'private@example.com',
      gender: 2,
      age: 32,
      ageUnit: 'YEARS',
      cardNumber: 'MR-1',
      customerId: 2,
    },
    rider: { id: 9, name: 'Rider One' },
    needsReview: true,
    isFollowUpAddressed: false,
    isFasting: false,
    isMedicineAndSpecificTime: false,
    urgentDelivery: false,
    allowManualAssignment: true,
    fulfillmentMethod: 'online',
    vertical: 'blood',
    created: new Date('2026-11-20T13:05:00Z'),
    sortValue: '2026-11-21T05:00:00+00:00',
  };

  it('has the list columns only, in Karachi time, with no other patient data', () => {
    expect(csvRecord(row)).toEqual([
      'B-26112100007',
      'Ayesha Khan',
      '03001234567',
      '12 Main Boulevard, Gulberg',
      'Gulberg',
      'Rider One',
      'Needs Assignment',
      '2026-11-21 10:00',
      'Yes',
      'No',
      '2026-11-20 18:05',
      '',
    ]);
    expect(csvRecord(row)).toHaveLength(CSV_COLUMNS.length);
    expect(csvLine(csvRecord(row))).not.toMatch(/private@example.com|MR-1/);
  });

  it('names the file by vertical and Karachi date', () => {
    expect(csvFileName('xray', new Date('2026-11-21T20:00:00Z'))).toBe(
      'xray-orders-2026-11-22.csv',
    );
  });
});
