import { afterAll, describe, expect, it } from 'vitest';
import { CliSandbox } from './support/cli-sandbox.js';

/** `sightline mcp` speaks MCP over stdio and exits when its client closes stdin. */
describe('sightline mcp', () => {
  const sandbox = new CliSandbox();
  afterAll(() => sandbox.dispose());

  it('answers initialize and tools/list, then exits on end of input', async () => {
    const child = sandbox.spawnWithInput(['mcp']);
    const messages: Array<Record<string, unknown>> = [];
    let buffer = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) messages.push(JSON.parse(line) as Record<string, unknown>);
    });
    const waitForId = async (id: number): Promise<Record<string, unknown>> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = messages.find((message) => message.id === id);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no MCP answer ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const send = (message: unknown): void => {
      child.stdin!.write(`${JSON.stringify(message)}\n`);
    };
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cli-test', version: '1.0.0' } },
    });
    expect(await waitForId(1)).toMatchObject({ result: { serverInfo: expect.any(Object) } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const tools = (await waitForId(2)).result as { tools: Array<{ name: string }> };
    expect(tools.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['list_browser_windows', 'browser_click', 'end_session']));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdin!.end();
    expect(await exited).toBe(0);
    expect(sandbox.daemonPid()).toBeNull();
  });
});
