/** GET /v1/rigs/animations: the ready clips per rig_type, from the engine's table (free). */
import type { Router } from 'express';
import { listRigAnimationsQuerySchema, rigAnimationsList } from '@rigforge/contracts';
import { zodToApiError } from '../errors/zod-to-api-error';

export function registerRigsAnimations(router: Router): void {
  router.get('/rigs/animations', (req, res) => {
    const parsed = listRigAnimationsQuerySchema.safeParse(req.query);
    if (!parsed.success) throw zodToApiError(parsed.error, 'rigs/animations');
    res.json(rigAnimationsList());
  });
}
