export interface CliOptions {
  help: boolean;
  version: boolean;
  /** Serve Streamable HTTP on 127.0.0.1 at this port (0: any free port) instead of stdio. */
  http: number | undefined;
  token: string | undefined;
}

export const USAGE = `sightline-mcp — the Sightline MCP server (see, then operate, what a browser tab shows)

Usage:
  sightline-mcp                      serve MCP over stdio (what MCP clients launch)
  sightline-mcp --http [port]        serve Streamable HTTP on http://127.0.0.1:<port>/mcp (default 8931)
  sightline-mcp --http --token T     ...with bearer token T (else $SIGHTLINE_MCP_TOKEN, else a generated one printed to stderr)
  sightline-mcp --help | --version

Environment:
  SIGHTLINE_CHROME      Chromium/Chrome executable for managed launches (default: found on PATH)
  SIGHTLINE_MCP_TOKEN   bearer token for --http
`;

export const DEFAULT_HTTP_PORT = 8931;

/** Parses the command line; throws an Error with a usage hint on a bad argument. */
export function parseCliArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): CliOptions {
  const options: CliOptions = { help: false, version: false, http: undefined, token: env.SIGHTLINE_MCP_TOKEN || undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    switch (flag) {
      case '-h':
      case '--help':
        options.help = true;
        break;
      case '-v':
      case '--version':
        options.version = true;
        break;
      case '--http': {
        const next = inline ?? (argv[index + 1] !== undefined && /^\d+$/.test(argv[index + 1] as string) ? argv[++index] : undefined);
        options.http = next === undefined ? DEFAULT_HTTP_PORT : parsePort(next);
        break;
      }
      case '--token': {
        const value = inline ?? argv[++index];
        if (!value || value.startsWith('--')) throw new Error('--token needs a value');
        options.token = value;
        break;
      }
      default:
        throw new Error(`unknown argument ${arg}`);
    }
  }
  if (options.token !== undefined && options.token.length < 16) throw new Error('the token must be at least 16 characters');
  return options;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new Error(`--http takes a port number 0-65535, got ${value}`);
  return port;
}
