import { execFile } from 'node:child_process';

/** Runs an external command; injectable so tests replay recorded outputs. */
export interface CommandResult {
  stdout: string;
  /** 0 on success; `lsof`, `pgrep` and `findstr`-style tools exit 1 when nothing matched, which is not an error. */
  exitCode: number;
}

export type CommandRunner = (file: string, args: string[]) => Promise<CommandResult>;

export const DEFAULT_COMMAND_TIMEOUT_MS = 5000;

export function execCommand(timeoutMs = DEFAULT_COMMAND_TIMEOUT_MS): CommandRunner {
  return (file, args) =>
    new Promise((resolve, reject) => {
      execFile(file, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => {
        if (error && typeof error.code !== 'number') {
          reject(new Error(`${file} failed: ${error.message}`));
          return;
        }
        resolve({ stdout, exitCode: error ? Number(error.code) : 0 });
      });
    });
}
