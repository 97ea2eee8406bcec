import { z } from 'zod';
import { successEnvelope } from './common.ts';

export const healthResponse = successEnvelope(
  z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
);
