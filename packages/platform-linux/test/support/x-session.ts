import { type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnGroup, stopGroup, waitFor } from '../../src/testing/index.js';

export { XSession, findExecutable, waitFor } from '../../src/testing/index.js';

/** A headful Chromium on a test display, for the real X11 tests. */
export class ChromiumProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly userDataDir: string,
  ) {}

  get pid(): number {
    return this.child.pid as number;
  }

  static async launch(executable: string, display: string): Promise<ChromiumProcess> {
    const userDataDir = await mkdtemp(join(tmpdir(), 'sightline-x11-'));
    const child = spawnGroup(
      executable,
      [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-default-browser-check',
        '--password-store=basic',
        `--user-data-dir=${userDataDir}`,
        '--remote-debugging-port=0',
        '--remote-debugging-address=127.0.0.1',
        '--window-position=10,10',
        '--window-size=900,700',
        'about:blank',
      ],
      { ...process.env, DISPLAY: display },
    );
    return new ChromiumProcess(child, userDataDir);
  }

  async activePortFile(): Promise<{ port: number; path: string }> {
    return waitFor('DevToolsActivePort', async () => {
      const [port, path] = (await readFile(join(this.userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n');
      return port && path ? { port: Number(port), path } : null;
    });
  }

  async stop(): Promise<void> {
    await stopGroup(this.child);
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}
