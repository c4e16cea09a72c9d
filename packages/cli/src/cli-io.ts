/** The process surface the CLI writes to; injectable so formatting and exit codes are testable. */
export interface OutputStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
  cwd: string;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}
