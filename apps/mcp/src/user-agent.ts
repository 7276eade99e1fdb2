/** How this server names itself to our API and to the providers (their terms ask for an app name). */
export const MCP_USER_AGENT = 'Rigforge-MCP/0.1';
