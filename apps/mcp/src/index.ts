/** The MCP server's public surface, for the HTTP entry and tests. */
export * from './create-server';
export * from './env';
export * from './http';
export * from './providers/asset-provider';
export * from './providers/create-providers';
export * from './providers/provider-error';
export * from './providers/search-external';
