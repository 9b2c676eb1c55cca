import { z } from 'zod';

/**
 * GET /api/health/ for load balancers: 200 when this process can serve, 503 naming the failing part.
 * `migrations`: `current` (the database has exactly the migrations this build carries), `ahead` (it has
 * newer ones too, as during a rolling deploy: still serving), `pending` (it lacks some this build needs)
 * or `unknown` (the database did not answer).
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  migrations: z.enum(['current', 'ahead', 'pending', 'unknown']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
