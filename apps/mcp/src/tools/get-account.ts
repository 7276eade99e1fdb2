/** get_account: GET /v1/account, so an agent can see the credits left before it submits. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDeps } from './tool-deps';
import { accountOutput } from './tool-output';
import { guarded, jsonResult } from './tool-result';

export function registerGetAccount(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_account',
    {
      title: 'Get the account',
      description:
        "The caller's plan, whether the subscription is active, the credit balance, the rate limit and this month's " +
        'usage (jobs per operation, credits reserved, refunded and spent). Free. Check it before submitting costly jobs.',
      outputSchema: accountOutput,
      annotations: { readOnlyHint: true },
    },
    (extra) => guarded(async () => jsonResult({ ...(await deps.client.account({ signal: extra.signal })) })),
  );
}
