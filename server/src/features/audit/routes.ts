import type { FastifyInstance } from 'fastify';

export async function auditRoutes(app: FastifyInstance) {
  void app;
}
