/**
 * `sightline mcp`: serve the MCP tools over this process's stdio. The server ends its sessions
 * and stops the browsers it launched when stdin closes or on SIGINT/SIGTERM.
 */
export async function runMcp(): Promise<number> {
  const { startStdioServer } = await import('@sightline/mcp');
  await startStdioServer();
  // Stay alive: the MCP server exits the process itself when its client goes away.
  await new Promise<never>(() => {});
  return 0;
}
