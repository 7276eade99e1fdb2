/**
 * Readiness: every named check must pass within a time limit. `/readyz` answers 200 with each
 * check's "ok", or 503 naming what failed, so an orchestrator stops routing to (or waits for) a
 * process that cannot do its work. `/healthz` only says the process answers.
 */
export type ReadinessChecks = Record<string, () => Promise<void>>;

export interface ReadinessReport {
  status: 'ready' | 'unavailable';
  checks: Record<string, string>;
}

/**
 * Retry-After of `/readyz`'s 503, as of every 503 of an outage: a backend that is down is worth
 * asking again within seconds (the API's own outage 503s use the same 5 s).
 */
export const READINESS_RETRY_AFTER_SECONDS = 5;

/** Default per-check limit: below the 5 s timeout the compose and k8s probes allow. */
export const READINESS_CHECK_TIMEOUT_MS = 4000;

export async function runReadinessChecks(checks: ReadinessChecks, timeoutMs = READINESS_CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, string]> => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, 'ok'];
      } catch (error) {
        return [name, error instanceof Error ? error.message.split('\n')[0]! : String(error)];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const report = Object.fromEntries(entries);
  return { status: entries.every(([, v]) => v === 'ok') ? 'ready' : 'unavailable', checks: report };
}
