/** Parsers for `ps` and `pgrep` outputs on macOS. */

/** `pgrep -P <pid>`: one pid per line. */
export function parsePidList(text: string): number[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
}

/**
 * `ps -o lstart= -o comm= -p <pid>`: a fixed-format start time (`Mon Jun  3 10:11:12 2024`)
 * followed by the executable path, which may contain spaces.
 */
export function parsePsStartAndCommand(text: string): { startTime: string; executable: string } | null {
  const line = text.split('\n').find((candidate) => candidate.trim().length > 0);
  if (!line) return null;
  const match = /^\s*([A-Z][a-z]{2}\s+[A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\s+\d{4})\s+(.+?)\s*$/.exec(line);
  if (!match || !match[1] || !match[2]) return null;
  return { startTime: match[1].replace(/\s+/g, ' '), executable: match[2] };
}

/**
 * `--user-data-dir=<dir>` from a `ps -o command=` line. ps joins argv with spaces, so a value with
 * spaces runs until the next ` --switch` or the end of the line. Last occurrence wins.
 */
export function userDataDirFromCommandLine(commandLine: string): string | null {
  let found: string | null = null;
  const pattern = /(?:^|\s)--user-data-dir=(?:"([^"]*)"|(.+?))(?=\s+--|\s+(?:about:|https?:|file:)|\s*$)/g;
  for (const match of commandLine.trim().matchAll(pattern)) found = match[1] ?? match[2] ?? null;
  return found && found.length > 0 ? found : null;
}
