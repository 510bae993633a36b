import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    status: z.enum(['ok', 'unavailable']),
    kind: z.enum(['pglite', 'postgres']),
  }),
  build: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
