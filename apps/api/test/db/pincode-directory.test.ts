import { describe, expect, it } from 'vitest';
import { pincodeRows } from '../../src/db/pincode-directory.ts';

const office = (name: string, pincode: number, district: string, state: string) => ({
  name,
  pincode,
  district,
  state,
});

describe('PIN directory rows', () => {
  it('makes one row per PIN with its offices, in the GST list’s state names', () => {
    expect(
      pincodeRows([
        office('Richmond Town', 560025, 'Bangalore', 'Karnataka'),
        office('Museum Road', 560025, 'Bangalore', 'Karnataka'),
        office('Museum Road', 560025, 'Bangalore', 'Karnataka'),
        office('Kavaratti', 682555, 'Lakshadweep', 'Lakshadweep'),
        office('Raipur', 492001, 'Raipur', 'Chattisgarh'),
        office('Puducherry', 605001, 'Pondicherry', 'Pondicherry'),
        office('Silvassa', 396230, 'Dadra & Nagar Haveli', 'Dadra & Nagar Haveli'),
        office('Port Blair', 744101, 'South Andaman', 'Andaman & Nicobar'),
      ]),
    ).toEqual([
      {
        pinCode: '396230',
        city: 'Dadra & Nagar Haveli',
        district: 'Dadra & Nagar Haveli',
        state: 'Dadra and Nagar Haveli and Daman and Diu',
        offices: ['Silvassa'],
      },
      {
        pinCode: '492001',
        city: 'Raipur',
        district: 'Raipur',
        state: 'Chhattisgarh',
        offices: ['Raipur'],
      },
      {
        pinCode: '560025',
        city: 'Bengaluru',
        district: 'Bangalore',
        state: 'Karnataka',
        offices: ['Richmond Town', 'Museum Road'],
      },
      {
        pinCode: '605001',
        city: 'Pondicherry',
        district: 'Pondicherry',
        state: 'Puducherry',
        offices: ['Puducherry'],
      },
      {
        pinCode: '682555',
        city: 'Lakshadweep',
        district: 'Lakshadweep',
        state: 'Lakshadweep',
        offices: ['Kavaratti'],
      },
      {
        pinCode: '744101',
        city: 'South Andaman',
        district: 'South Andaman',
        state: 'Andaman and Nicobar Islands',
        offices: ['Port Blair'],
      },
    ]);
  });

  it('files Leh and Kargil under Ladakh and Delhi’s districts under one city', () => {
    const [leh, delhi] = pincodeRows([
      office('Leh', 194101, 'Leh', 'Jammu & Kashmir'),
      office('Hauz Khas', 110016, 'South Delhi', 'Delhi'),
    ]).sort((a, b) => b.pinCode.localeCompare(a.pinCode));
    expect(leh).toMatchObject({ state: 'Ladakh', city: 'Leh' });
    expect(delhi).toMatchObject({ state: 'Delhi', city: 'Delhi', district: 'South Delhi' });
  });

  it('takes the district most of a PIN’s offices name, and drops a bracketed state from a city', () => {
    const [row] = pincodeRows([
      office('A', 586101, 'Bijapur(KAR)', 'Karnataka'),
      office('B', 586101, 'Bijapur(KAR)', 'Karnataka'),
      office('C', 586101, 'Bagalkot', 'Karnataka'),
    ]);
    expect(row).toMatchObject({
      district: 'Bijapur(KAR)',
      city: 'Bijapur',
      offices: ['A', 'B', 'C'],
    });
  });

  it('refuses a state it cannot name, rather than file PINs nowhere', () => {
    expect(() => pincodeRows([office('X', 110001, 'New Delhi', 'Dilli')])).toThrow(/unknown state/);
  });

  it('skips what is not a PIN', () => {
    expect(pincodeRows([office('X', 12345, 'Y', 'Delhi')])).toEqual([]);
  });
});
