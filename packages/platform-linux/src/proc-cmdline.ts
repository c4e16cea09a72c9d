/**
 * Parser for `/proc/<pid>/cmdline` and Chromium's `--user-data-dir` switch.
 */

/**
 * Splits the NUL-separated argument vector. Chromium's child processes may rewrite their title as
 * one space-joined string; then the switches are recovered by splitting before each ` --`.
 */
export function parseCmdline(text: string): string[] {
  const args = text.split('\0');
  if (args.length > 0 && args[args.length - 1] === '') args.pop();
  if (args.length === 1 && (args[0] ?? '').includes(' --')) return (args[0] ?? '').split(/ (?=--)/);
  return args;
}

/** The value of `--user-data-dir=<dir>` (last one wins, as in Chromium), or null. */
export function userDataDirFromArgs(args: string[]): string | null {
  let dir: string | null = null;
  for (const arg of args) {
    if (arg.startsWith('--user-data-dir=')) dir = arg.slice('--user-data-dir='.length);
  }
  return dir && dir.length > 0 ? dir : null;
}
