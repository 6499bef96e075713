import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthApi } from '@lintel/contracts';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/http.ts';

export async function healthRoutes(app: FastifyInstance) {
  route(app, healthApi.check, async () => {
    try {
      await app.database.db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, 'UNAVAILABLE', 'Service temporarily unavailable. Please try again later.');
    }
    return { status: 'success' as const, data: { database: 'up' as const } };
  });
}
