/**
 * India's states and union territories with their GST state codes, and the GSTIN (GST
 * identification number) rule: 15 characters, the registering state's two-digit code, the PAN of
 * the business (5 letters, 4 digits, 1 letter), its registration number within that PAN (1-9 or
 * a letter), the letter Z, and a check character computed over the first 14.
 */

/** Current states and union territories by GST state code (25 and 28 are retired codes). */
export const indianStates = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type IndianStateName = (typeof indianStates)[number]['name'];

export const indianStateNames = indianStates.map((state) => state.name) as [
  IndianStateName,
  ...IndianStateName[],
];

export function stateCodeOf(name: string): string | undefined {
  return indianStates.find((state) => state.name === name)?.code;
}

export function stateNameOf(code: string): IndianStateName | undefined {
  return indianStates.find((state) => state.code === code)?.name;
}

export const gstinMessages = {
  length: 'A GSTIN has 15 characters',
  pattern:
    'This is not a GSTIN: 2 digits (the state code), the 10-character PAN, then 3 more characters (e.g. 29ABCDE1234F1Z5)',
  stateCode: 'A GSTIN starts with a state code from 01 to 38',
  checksum:
    'This GSTIN’s last character (its check digit) does not match the others: check it for a typing mistake',
} as const;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: each character's value (0-9, then A-Z as
 * 10-35) is multiplied by 1 at odd positions and 2 at even ones (counting from 1), each product is
 * written in base 36 and its two digits added; the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = ALPHABET.indexOf(first14[index] ?? '');
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** The GSTIN as typed, trimmed and in upper case. */
export function normalizeGstin(value: string): string {
  return value.trim().toUpperCase();
}

/** Why a (normalised) GSTIN is not one, or undefined when it is. */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== 15) return gstinMessages.length;
  if (!SHAPE.test(gstin)) return gstinMessages.pattern;
  if (!stateNameOf(gstin.slice(0, 2))) return gstinMessages.stateCode;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return gstinMessages.checksum;
  return undefined;
}

/** A GSTIN is registered in one state: its first two digits must be that state's code. */
export function gstinStateProblem(gstin: string, stateName: string): string | undefined {
  const code = stateCodeOf(stateName);
  if (!code || gstin.slice(0, 2) === code) return undefined;
  const registered = stateNameOf(gstin.slice(0, 2));
  return `This GSTIN is registered in ${registered ?? `state ${gstin.slice(0, 2)}`} (code ${gstin.slice(0, 2)}), not ${stateName} (code ${code})`;
}
