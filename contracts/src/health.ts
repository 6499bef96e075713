import { z } from 'zod';
import { call } from './common.ts';

export const healthApi = {
  check: call('GET', '/health', {
    summary: 'Liveness and database reachability',
    tag: 'health',
    access: 'public',
    reply: z.object({ status: z.literal('success'), data: z.object({ database: z.literal('up') }) }),
  }),
};
