import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pincodes } from '../../db/schema.ts';

export interface PincodePlace {
  pinCode: string;
  city: string;
  district: string;
  state: string;
}

/** Reads the PIN directory (loaded by the migrate step; never written by the shop). */
export function createPincodesRepository(db: Executor) {
  return {
    async find(pinCode: string): Promise<PincodePlace | undefined> {
      const [row] = await db
        .select({
          pinCode: pincodes.pinCode,
          city: pincodes.city,
          district: pincodes.district,
          state: pincodes.state,
        })
        .from(pincodes)
        .where(eq(pincodes.pinCode, pinCode));
      return row;
    },
  };
}
export type PincodesRepository = ReturnType<typeof createPincodesRepository>;
