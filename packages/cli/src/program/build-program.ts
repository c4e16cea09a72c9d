import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SESSION_PATTERN, type ScreenshotResponse } from '@sightline/semantic-core';
import type { CliIo } from '../cli-io.js';
import { CLI_VERSION } from '../version.js';
import {
  bindParams,
  clickParams,
  navigateParams,
  openParams,
  pressParams,
  scrollParams,
  screenshotParams,
  selectParams,
  snapshotParams,
  typeParams,
  type SnapshotOptions,
} from '../mapping/command-params.js';
import { formatScreenshot } from '../format/result-text.js';
import { paletteFor } from '../format/palette.js';
import { runDaemonCommand } from './daemon-command.js';
import type { GlobalOptions } from './emit.js';
import { runOneShotSnapshot } from '../commands/one-shot-snapshot.js';
import { runDemo, DEFAULT_DEMO_REPLY } from '../commands/demo.js';
import { runWindows } from '../commands/windows.js';
import { runMcp } from '../commands/mcp.js';
import { waitForExit } from '../daemon/process-liveness.js';

function integer(what: string): (value: string) => number {
  return (value) => {
    if (!/^[0-9]+$/.test(value.trim())) throw new InvalidArgumentError(`${what} must be a whole number`);
    return Number(value);
  };
}

function example(...lines: string[]): string {
  return `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/** What a command's action reports back to `main`. */
export interface ProgramResult {
  exitCode: number;
}

/**
 * Builds the `sightline` command tree. Every action maps its arguments to daemon or Driver input
 * (mapping/), runs it and prints through format/; `result.exitCode` carries 0/1/2 back to main.
 */
export function buildProgram(io: CliIo, result: ProgramResult): Command {
  const program = new Command('sightline');
  const globalsOf = (command: Command): GlobalOptions => {
    const options = command.optsWithGlobals<{ session: string; json?: boolean }>();
    return { session: options.session, json: options.json === true };
  };
  const run = (work: (command: Command) => Promise<number>) => async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    result.exitCode = await work(command);
  };

  program
    .description(
      'See and operate what a browser tab shows: ranked, budgeted accessibility snapshots with refs, ' +
        'and actions through refs that are re-proven before every mutation.',
    )
    .version(CLI_VERSION, '-V, --version')
    .addOption(
      new Option('--session <name>', 'session to use (1-64 of A-Z a-z 0-9 . _ -)').default('default').argParser((value: string) => {
        if (!SESSION_PATTERN.test(value)) throw new InvalidArgumentError('a session is 1-64 characters of A-Z a-z 0-9 . _ -');
        return value;
      }),
    )
    .option('--json', 'print the exact contract response as JSON')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`${text.trimEnd()}\n(run \`sightline --help\` or \`sightline <command> --help\` for usage)\n`),
    })
    .exitOverride()
    .addHelpText(
      'after',
      example(
        'sightline demo',
        'sightline open https://example.com',
        'sightline snapshot',
        'sightline type @p1:8 "Hello" --submit',
        'sightline close --all',
      ) + '\nExit codes: 0 ok, 2 refused (code and message on stderr), 1 error.\n',
    );

  program
    .command('open')
    .description('start a managed Chromium for the session and load the URL (navigates the current tab if already open)')
    .argument('<url>', 'page to load; a bare host gets https://')
    .option('--headed', 'show the browser window instead of running headless')
    .option('--viewport <WxH>', 'viewport in CSS px (default 1280x800)')
    .addHelpText('after', example('sightline open https://example.com', 'sightline --session work open localhost:3000 --viewport 1440x900'))
    .action(
      run(async (command) => {
        const [url] = command.args as [string];
        const params = openParams(url, command.opts<{ headed?: boolean; viewport?: string }>());
        return runDaemonCommand(io, globalsOf(command), 'open', params, { autoStart: true, progress: 'starting Chromium' });
      }),
    );

  program
    .command('bind')
    .description('bind the session to a running browser: a native window (--pid/--window) or a DevTools endpoint (--cdp)')
    .option('--pid <pid>', 'browser process id (see `sightline windows`)', integer('--pid'))
    .option('--window <id>', 'native window id of that process (see `sightline windows`)')
    .option('--cdp <url>', 'DevTools endpoint, ws://… or http://host:port')
    .addHelpText('after', example('sightline bind --cdp http://127.0.0.1:9222', 'sightline bind --pid 4242 --window 0x3a00007'))
    .action(
      run(async (command) => {
        const params = bindParams(command.opts<{ pid?: number; window?: string; cdp?: string }>());
        return runDaemonCommand(io, globalsOf(command), 'bind', params, { autoStart: true, progress: 'binding the browser' });
      }),
    );

  program
    .command('windows')
    .description('list the native browser windows this platform can see (pid and window id for `bind`)')
    .addHelpText('after', example('sightline windows'))
    .action(run(async (command) => runWindows(io, globalsOf(command))));

  program
    .command('tabs')
    .description("list the session's tabs; * marks the one commands act on")
    .option('--select <tab>', 'act on another tab from now on: its number in the list or its tab id')
    .addHelpText('after', example('sightline tabs', 'sightline tabs --select 2'))
    .action(
      run(async (command) => {
        const { select } = command.opts<{ select?: string }>();
        return runDaemonCommand(io, globalsOf(command), 'tabs', select !== undefined ? { select } : {}, { autoStart: false });
      }),
    );

  program
    .command('snapshot')
    .description('print the ranked, budgeted snapshot of the current tab (with <url>: one-shot, no daemon)')
    .argument('[url]', 'one-shot: launch Chromium, load this URL, print the snapshot, shut down')
    .option('-q, --query <text>', 'only nodes whose role, name, value or text matches, with their ancestors')
    .option('-s, --scope <ref>', 'only the subtree of this ref (action or content ref)')
    .option('--more', 'read the next segment after the last snapshot of this session')
    .option('--diff', 'only the lines that changed since the previous snapshot of this tab')
    .option('-i, --interactive', 'only interactive elements')
    .option('-d, --depth <n>', 'maximum outline depth (0-100)', integer('--depth'))
    .option('--budget <n>', 'node budget (1-2000, default 300)', integer('--budget'))
    .option('--max-chars <n>', 'character budget (500-100000, default 24000)', integer('--max-chars'))
    .option('--boxes', 'include element boxes in --json output')
    .option('--max-children <n>', 'longest run of same-role siblings shown; the rest print as "… N more <role>" (1-1000, default 50)', integer('--max-children'))
    .option('--urls', 'print each link\'s URL as [url=…] (same-origin as a path)')
    .option('--timeout <ms>', 'time budget of the page collection in ms (500-60000)', integer('--timeout'))
    .addOption(new Option('--format <format>', 'v2 (semantic outline) or v1 (compatibility DOM refs)').default('v2'))
    .addHelpText(
      'after',
      example(
        'sightline snapshot',
        'sightline snapshot --more',
        'sightline snapshot --query "Reply" -i',
        'sightline snapshot --scope @p2:14 --json',
        'sightline snapshot https://example.com',
      ),
    )
    .action(
      run(async (command) => {
        const [url] = command.args as [string | undefined];
        const options = command.opts<SnapshotOptions>();
        const params = snapshotParams(options);
        if (url !== undefined) {
          if (params.more || params.diff || params.scope_ref !== undefined) {
            throw new InvalidArgumentError('--more, --diff and --scope need a session: run `sightline open <url>` first');
          }
          return runOneShotSnapshot(io, globalsOf(command), url, params, {});
        }
        return runDaemonCommand(io, globalsOf(command), 'snapshot', params, { autoStart: false, progress: 'reading the page' });
      }),
    );

  program
    .command('click')
    .description('click the element of a ref (hit-tested first; refused if something covers it)')
    .argument('<ref>', 'a ref from the last snapshot, e.g. @p3:8 or p3:8')
    .addHelpText('after', example('sightline click @p3:12'))
    .action(
      run(async (command) => {
        const [ref] = command.args as [string];
        return runDaemonCommand(io, globalsOf(command), 'click', clickParams(ref), { autoStart: false });
      }),
    );

  program
    .command('type')
    .description('type text into the element of a ref')
    .argument('<ref>', 'a ref from the last snapshot')
    .argument('<text>', 'the text to type')
    .option('--replace', 'replace the current value instead of inserting at the caret')
    .option('--submit', 'press Enter afterwards')
    .addHelpText('after', example('sightline type @p3:8 "Thanks, see you Thursday"', 'sightline type p3:5 "kittens" --replace --submit'))
    .action(
      run(async (command) => {
        const [ref, text] = command.args as [string, string];
        const options = command.opts<{ replace?: boolean; submit?: boolean }>();
        return runDaemonCommand(io, globalsOf(command), 'type', typeParams(ref, text, options), { autoStart: false });
      }),
    );

  program
    .command('select')
    .description('select one or more options of a listbox or <select> by value or label')
    .argument('<ref>', 'a ref from the last snapshot')
    .argument('<values...>', 'the values or labels to select')
    .addHelpText('after', example('sightline select @p3:21 "Star it"'))
    .action(
      run(async (command) => {
        const [ref, ...values] = command.args as [string, ...string[]];
        return runDaemonCommand(io, globalsOf(command), 'select', selectParams(ref, values), { autoStart: false });
      }),
    );

  program
    .command('scroll')
    .description("scroll the page, or a ref's scroll container")
    .argument('<args...>', '[REF] <up|down|left|right> [PX]')
    .usage('[REF] <up|down|left|right> [PX]')
    .addHelpText('after', example('sightline scroll down', 'sightline scroll @p4:30 down 600'))
    .action(
      run(async (command) => runDaemonCommand(io, globalsOf(command), 'scroll', scrollParams(command.args), { autoStart: false })),
    );

  program
    .command('press')
    .description('press a key in the focused element of the tab')
    .argument('<key>', 'a key name (Enter, Tab, Escape, a) or a chord (Control+A)')
    .addHelpText('after', example('sightline press Enter', 'sightline press Control+A'))
    .action(
      run(async (command) => {
        const [key] = command.args as [string];
        return runDaemonCommand(io, globalsOf(command), 'press', pressParams(key), { autoStart: false });
      }),
    );

  program
    .command('navigate')
    .description('load a URL in the current tab, or go back, forward, reload')
    .argument('<target>', 'a URL, or back | forward | reload')
    .addHelpText('after', example('sightline navigate https://example.com/inbox', 'sightline navigate back'))
    .action(
      run(async (command) => {
        const [target] = command.args as [string];
        return runDaemonCommand(io, globalsOf(command), 'navigate', navigateParams(target), {
          autoStart: false,
          progress: 'loading',
        });
      }),
    );

  program
    .command('screenshot')
    .description('save a PNG of the current tab; --annotate numbers the action refs on it')
    .argument('[path]', 'where to write the PNG (default: sightline-<time>.png here)')
    .option('--annotate', 'draw numbered labels over action refs and list them')
    .addHelpText('after', example('sightline screenshot', 'sightline screenshot page.png --annotate'))
    .action(
      run(async (command) => {
        const [given] = command.args as [string | undefined];
        const path = resolve(io.cwd, given ?? `sightline-${new Date().toISOString().replace(/[:.]/g, '-')}.png`);
        const options = command.opts<{ annotate?: boolean }>();
        return runDaemonCommand(io, globalsOf(command), 'screenshot', screenshotParams(options), {
          autoStart: false,
          after: async (value) => {
            const response = value as ScreenshotResponse;
            if (response.status === 'ok') writeFileSync(path, Buffer.from(response.image.data, 'base64'));
          },
          render: (value) => formatScreenshot(value as ScreenshotResponse, path, paletteFor(io.stdout, io.env)),
        });
      }),
    );

  program
    .command('close')
    .description("end the session and stop its browser; --all also stops the daemon and every session's browser")
    .option('--all', 'end every session and stop the daemon')
    .addHelpText('after', example('sightline close', 'sightline close --all'))
    .action(
      run(async (command) => {
        const globals = globalsOf(command);
        const { all } = command.opts<{ all?: boolean }>();
        if (all === true) {
          return runDaemonCommand(io, globals, 'shutdown', {}, {
            autoStart: false,
            progress: 'stopping browsers and the daemon',
            whenNoDaemon: () => ({ status: 'ok', mode: 'shutdown', sessions: 0 }),
            after: async (value) => {
              const pid = (value as { pid?: unknown }).pid;
              if (typeof pid === 'number') await waitForExit(pid, 15_000);
            },
          });
        }
        return runDaemonCommand(io, globals, 'close', {}, {
          autoStart: false,
          whenNoDaemon: () => ({ status: 'ok', mode: 'end_session', session: globals.session, closed_browsers: 0 }),
        });
      }),
    );

  program
    .command('mcp')
    .description('run the Sightline MCP server over stdio (for agents)')
    .addHelpText('after', example('sightline mcp', 'claude mcp add sightline -- sightline mcp'))
    .action(run(async () => runMcp()));

  program
    .command('demo')
    .description('the main job end to end: snapshot the bundled mail app, type a reply and send it through refs')
    .option('--text <reply>', 'the reply to type', DEFAULT_DEMO_REPLY)
    .option('--headed', 'show the browser window')
    .addHelpText('after', example('sightline demo', 'sightline demo --text "On my way"'))
    .action(
      run(async (command) => {
        const options = command.opts<{ text: string; headed?: boolean }>();
        return runDemo(io, globalsOf(command), { text: options.text, headed: options.headed === true });
      }),
    );

  return program;
}
