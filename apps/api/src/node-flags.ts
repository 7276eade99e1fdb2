/**
 * The node flags the API runs with, wherever it is launched: the Dockerfile's `api` CMD and
 * scripts/start.sh start it with these (apps/worker/test/deploy-manifests.test.ts holds the three
 * equal), and apps/api/scripts/bench-api.ts measures it with them.
 *
 * --no-memory-reducer: V8's memory reducer runs a full GC ~8 s into an idle gap, shrinks the young
 *   generation to its minimum and hands memory back to the OS; the first few hundred ms of the next
 *   burst then run below the request rate on a small young generation, and hundreds of requests
 *   queue (the half-peak read round after bench-api's ~12 s rotation gap: p99 90-200 ms from the due
 *   time in every probed run, 10-25 ms with the flag; apps/api/docs/performance.md, twenty-second
 *   wave). An API's heap is bounded by its peak load, so keeping it between bursts costs tens of MB.
 */
export const API_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];
