import type { FastifyInstance } from 'fastify';

export async function leaseRoutes(app: FastifyInstance) {
  void app;
}
