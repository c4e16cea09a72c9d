// The MCP server arrives with its own issue; nothing is exported yet.
export {};
