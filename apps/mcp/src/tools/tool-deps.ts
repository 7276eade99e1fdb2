/** What every MCP tool receives, so tools take their client and providers as arguments, not globals. */
import type { RigforgeClient } from '@rigforge/client';
import type { AssetProvider } from '../providers/asset-provider';

/** What every tool is given: the API client (bound to the caller's key) and the provider adapters. */
export interface ToolDeps {
  client: RigforgeClient;
  providers: readonly AssetProvider[];
}
