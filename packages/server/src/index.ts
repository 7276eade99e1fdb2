/**
 * What the server processes (API, worker, MCP server, scripts) share and a browser never loads:
 * the settings they parse at startup, the default connection strings, the backend-outage
 * classification and the sweeper of deadlines that survives a stalled event loop. Kept out of the wire contract,
 * which a browser bundle imports.
 */
export * from './service-env';
export * from './connection-defaults';
export * from './backend-outage';
export * from './thread-slots';
export * from './lag-tolerant-sweeper';
