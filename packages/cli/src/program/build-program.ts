import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SESSION_PATTERN, type ScreenshotResponse } from '@sightline/semantic-core';
import type { CliIo } from '../cli-io.js';
import { CLI_VERSION } from '../version.js';
import {
  bindParams,
  clickParams,
  consoleParams,
  dialogParams,
  navigateOptions,
  navigateParams,
  openParams,
  pressParams,
  scrollParams,
  screenshotParams,
  selectParams,
  snapshotParams,
  typeParams,
  hoverParams,
  dragParams,
  uploadParams,
  type ClickOptions,
  type SnapshotOptions,
} from '../mapping/command-params.js';
import { formatScreenshot } from '../format/result-text.js';
import { tabsParams, waitParams, type WaitOptions } from '../mapping/wait-tabs-params.js';
import { paletteFor } from '../format/palette.js';
import { runDaemonCommand } from './daemon-command.js';
import type { GlobalOptions } from './emit.js';
import { runOneShotSnapshot, runWarmOneShotSnapshot } from '../commands/one-shot-snapshot.js';
import { runDemo, DEFAULT_DEMO_REPLY } from '../commands/demo.js';
import { runWindows } from '../commands/windows.js';
import { runMcp } from '../commands/mcp.js';
import { waitForExit } from '../daemon/process-liveness.js';
import { timingRender } from '../format/timing-render.js';

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
export function buildProgram(io: CliIo, result: ProgramResult, argv?: readonly string[]): Command {
  const program = new Command('sightline');
  const definitions: Array<[name: string, defineCommand: () => void]> = [];
  const define = (name: string, defineCommand: () => unknown): void => {
    definitions.push([name, () => void defineCommand()]);
  };
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

  define('open', () =>
    program
      .command('open')
      .description('start a managed Chromium for the session and load the URL (navigates the current tab if already open)')
      .argument('<url>', 'page to load; a bare host gets https://')
      .option('--headed', 'show the browser window instead of running headless')
      .option('--viewport <WxH>', 'viewport in CSS px (default 1280x800)')
      .option('--wait-until <what>', 'ready (default: parsed and first screen painted) or load (the load event, every image and script)')
      .option('--wait-timeout <ms>', 'longest wait for the page in ms (500-120000, default 30000); then it is used as it is', integer('--wait-timeout'))
      .addHelpText('after', example('sightline open https://example.com', 'sightline --session work open localhost:3000 --viewport 1440x900', 'sightline open https://example.com --wait-until load'))
      .action(
        run(async (command) => {
          const [url] = command.args as [string];
          const params = openParams(url, command.opts<{ headed?: boolean; viewport?: string; waitUntil?: string; waitTimeout?: number }>());
          return runDaemonCommand(io, globalsOf(command), 'open', params, { autoStart: true, progress: 'starting Chromium' });
        }),
      )
  );

  define('bind', () =>
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
      )
  );

  define('windows', () =>
    program
      .command('windows')
      .description('list the native browser windows this platform can see (pid and window id for `bind`)')
      .addHelpText('after', example('sightline windows'))
      .action(run(async (command) => runWindows(io, globalsOf(command))))
  );

  define('tabs', () =>
    program
      .command('tabs')
      .description("list, open (in the background), select or close the session's tabs; * marks the one commands act on")
      .argument('[args...]', 'list | new [url] | select <tab> | close [<tab>]  (<tab>: its number in the list or its tab id)')
      .usage('[list | new [url] | select <tab> | close [<tab>]]')
      .option('--select <tab>', 'same as `tabs select <tab>`')
      .addHelpText('after', example('sightline tabs', 'sightline tabs new https://example.com', 'sightline tabs select 2', 'sightline tabs close'))
      .action(
        run(async (command) => {
          const params = tabsParams(command.args, command.opts<{ select?: string }>());
          return runDaemonCommand(io, globalsOf(command), 'tabs', params, { autoStart: false });
        }),
      )
  );

  define('snapshot', () =>
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
      .option('--warm', 'with <url>: use a browser the daemon keeps running (launched once; ends with the daemon or `close --all`) instead of launching one for this call')
      .option('--timing', 'after the snapshot, print where its time went (timing_ms: world setup, walk, hit test, ax, …; one-shot: launch and load wait too; in a session: the whole daemon request and this command)')
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
            if (options.warm === true) return runWarmOneShotSnapshot(io, globalsOf(command), url, params, { timing: options.timing === true });
            return runOneShotSnapshot(io, globalsOf(command), url, params, {}, { timing: options.timing === true });
          }
          if (options.warm === true) throw new InvalidArgumentError('--warm goes with a URL: sightline snapshot <url> --warm');
          const globals = globalsOf(command);
          const render = options.timing === true ? timingRender(io, globals) : undefined;
          return runDaemonCommand(io, globals, 'snapshot', params, { autoStart: false, progress: 'reading the page', ...(render ? { render } : {}) });
        }),
      )
  );

  define('click', () =>
    program
      .command('click')
      .description('click the element of a ref (hit-tested first; refused if something covers it)')
      .argument('<ref>', 'a ref from the last snapshot, e.g. @p3:8 or p3:8')
      .option('--double', 'double-click (two clicks, then dblclick)')
      .option('--button <button>', 'left (default), right (context menu) or middle')
      .option('--modifiers <keys>', 'keys held during the click, comma-separated: Alt, Control, Meta, Shift')
      .addHelpText('after', example('sightline click @p3:12', 'sightline click @p3:12 --button right', 'sightline click p3:14 --modifiers Shift'))
      .action(
        run(async (command) => {
          const [ref] = command.args as [string];
          const options = command.opts<ClickOptions>();
          return runDaemonCommand(io, globalsOf(command), 'click', clickParams(ref, options), { autoStart: false });
        }),
      )
  );

  define('type', () =>
    program
      .command('type')
      .description('type text into the element of a ref')
      .argument('<ref>', 'a ref from the last snapshot')
      .argument('<text>', 'the text to type')
      .option('--replace', 'replace the current value instead of inserting at the caret')
      .option('--submit', 'press Enter afterwards')
      .option('--keys', 'type key by key (keydown/keypress/input/keyup per character) for apps that listen to keys')
      .addHelpText('after', example('sightline type @p3:8 "Thanks, see you Thursday"', 'sightline type p3:5 "kittens" --replace --submit', 'sightline type p3:5 "ap" --keys'))
      .action(
        run(async (command) => {
          const [ref, text] = command.args as [string, string];
          const options = command.opts<{ replace?: boolean; submit?: boolean; keys?: boolean }>();
          return runDaemonCommand(io, globalsOf(command), 'type', typeParams(ref, text, options), { autoStart: false });
        }),
      )
  );

  define('select', () =>
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
      )
  );

  define('scroll', () =>
    program
      .command('scroll')
      .description("scroll the page, or a ref's scroll container")
      .argument('<args...>', '[REF] <up|down|left|right> [PX]')
      .usage('[REF] <up|down|left|right> [PX]')
      .addHelpText('after', example('sightline scroll down', 'sightline scroll @p4:30 down 600'))
      .action(
        run(async (command) => runDaemonCommand(io, globalsOf(command), 'scroll', scrollParams(command.args), { autoStart: false })),
      )
  );

  define('press', () =>
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
      )
  );

  define('navigate', () =>
    program
      .command('navigate')
      .description('load a URL in the current tab, or go back, forward, reload')
      .argument('<target>', 'a URL, or back | forward | reload')
      .addOption(new Option('--on-beforeunload <answer>', 'answer a "leave this page?" dialog: accept (default) or dismiss').choices(['accept', 'dismiss']))
      .addHelpText('after', example('sightline navigate https://example.com/inbox', 'sightline navigate back', 'sightline navigate https://example.com --on-beforeunload dismiss'))
      .action(
        run(async (command) => {
          const [target] = command.args as [string];
          const params = navigateOptions(navigateParams(target), command.opts<{ onBeforeunload?: string }>());
          return runDaemonCommand(io, globalsOf(command), 'navigate', params, {
            autoStart: false,
            progress: 'loading',
          });
        }),
      )
  );

  // SPEC §12 pointer verbs.
  define('dblclick', () =>
    program
      .command('dblclick')
      .description('double-click the element of a ref (e.g. to edit a label in place); same as click --double')
      .argument('<ref>', 'a ref from the last snapshot')
      .addHelpText('after', example('sightline dblclick @p3:12'))
      .action(
        run(async (command) => {
          const [ref] = command.args as [string];
          return runDaemonCommand(io, globalsOf(command), 'click', clickParams(ref, { double: true }), { autoStart: false });
        }),
      )
  );

  define('hover', () =>
    program
      .command('hover')
      .description('move the pointer over the element of a ref (no press): shows hover-only buttons, menus, tooltips')
      .argument('<ref>', 'a ref from the last snapshot')
      .addHelpText('after', example('sightline hover @p3:12', 'sightline snapshot'))
      .action(
        run(async (command) => {
          const [ref] = command.args as [string];
          return runDaemonCommand(io, globalsOf(command), 'hover', hoverParams(ref), { autoStart: false });
        }),
      )
  );

  define('drag', () =>
    program
      .command('drag')
      .description('drag the element of a ref and drop it on another ref (pointer drag; HTML5 drag and drop too)')
      .argument('<ref>', 'what to drag: a ref whose actions include drag')
      .argument('<to_ref>', 'where to drop it: any ref of the last snapshot (a list item, a drop zone)')
      .addHelpText('after', example('sightline drag @p3:12 @p3:15'))
      .action(
        run(async (command) => {
          const [ref, toRef] = command.args as [string, string];
          return runDaemonCommand(io, globalsOf(command), 'drag', dragParams(ref, toRef), { autoStart: false });
        }),
      )
  );

  define('upload', () =>
    program
      .command('upload')
      .description('give files to a file input, or to the file chooser a button opens (no dialog shows)')
      .argument('<ref>', 'a file input, or the button that opens the chooser')
      .argument('<paths...>', 'existing files; relative paths are taken from the current directory')
      .addHelpText('after', example('sightline upload @p3:12 ./report.pdf', 'sightline upload p3:9 a.png b.png'))
      .action(
        run(async (command) => {
          const [ref, ...paths] = command.args as [string, ...string[]];
          return runDaemonCommand(io, globalsOf(command), 'upload', uploadParams(ref, paths, (path) => resolve(io.cwd, path)), { autoStart: false });
        }),
      )
  );

  define('screenshot', () =>
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
      )
  );

  define('wait', () =>
    program
      .command('wait')
      .description('wait until one condition holds in the current tab (or the timeout passes: "not met", exit 0)')
      .option('--text <text>', 'text appears in the visible text (any frame; case-insensitive)')
      .option('--text-gone <text>', 'text is no longer in the visible text')
      .option('--ref <ref>', 'a ref of the last snapshot (with --state)')
      .addOption(new Option('--state <state>', 'with --ref').choices(['visible', 'hidden', 'enabled', 'checked', 'gone']))
      .option('--url <pattern>', 'the URL contains this, or matches it as a glob with *')
      .addOption(new Option('--load <state>', 'the page has loaded, or the network is idle (500 ms)').choices(['load', 'network_idle', 'networkidle']))
      .option('--timeout <ms>', 'give up after this many ms (1-60000, default 10000)')
      .addHelpText(
        'after',
        example('sightline wait --text "Saved"', 'sightline wait --ref @p3:12 --state enabled --timeout 5000', 'sightline wait --url "*/done"', 'sightline wait --load network_idle'),
      )
      .action(
        run(async (command) => {
          const params = waitParams(command.opts<WaitOptions>());
          return runDaemonCommand(io, globalsOf(command), 'wait', params, { autoStart: false, progress: 'waiting' });
        }),
      )
  );

  define('dialog', () =>
    program
      .command('dialog')
      .description('accept or dismiss the JavaScript dialog (alert, confirm, prompt, beforeunload) open in the current tab')
      .argument('<answer>', 'accept | dismiss')
      .option('--text <text>', 'what to answer a prompt with (with accept)')
      .addHelpText('after', example('sightline dialog accept', 'sightline dialog dismiss', 'sightline dialog accept --text "Receipts"'))
      .action(
        run(async (command) => {
          const [answer] = command.args as [string];
          return runDaemonCommand(io, globalsOf(command), 'dialog', dialogParams(answer, command.opts<{ text?: string }>()), { autoStart: false });
        }),
      )
  );

  define('console', () =>
    program
      .command('console')
      .description("print the current tab's recent console messages and uncaught errors (secrets redacted)")
      .option('--since <seq>', 'only entries after this sequence number (printed by the previous call)')
      .option('--level <level>', 'only this severity and above: debug, info, log, warn, error')
      .option('--limit <n>', 'at most this many entries (1-200, default 50)')
      .addHelpText('after', example('sightline console', 'sightline console --level error', 'sightline console --since 42 --limit 100'))
      .action(
        run(async (command) => {
          const params = consoleParams(command.opts<{ since?: string; level?: string; limit?: string }>());
          return runDaemonCommand(io, globalsOf(command), 'console', params, { autoStart: false });
        }),
      )
  );

  define('close', () =>
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
      )
  );

  define('mcp', () =>
    program
      .command('mcp')
      .description('run the Sightline MCP server over stdio (for agents)')
      .addHelpText('after', example('sightline mcp', 'claude mcp add sightline -- sightline mcp'))
      .action(run(async () => runMcp()))
  );

  define('demo', () =>
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
      )
  );

  // Defining every command costs ~5 ms of each call (commander builds ~20 commands' options); a call
  // that names its command (the usual case) defines only that one. Help and errors see them all.
  const invoked = invokedCommand(argv);
  const chosen = definitions.filter(([name]) => name === invoked);
  for (const [, defineCommand] of chosen.length === 1 ? chosen : definitions) defineCommand();
  return program;
}

/**
 * The command an argv names when only global options (`--session <name>`, `--json`) come before
 * it; undefined when it names none or asks for the program's help or version first.
 */
export function invokedCommand(argv: readonly string[] | undefined): string | undefined {
  if (argv === undefined) return undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (token === '--session') index += 1;
    else if (token !== '--json' && !token.startsWith('--session=')) return token.startsWith('-') ? undefined : token;
  }
  return undefined;
}
