const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * A spinner line on stderr for work that takes over a second (starting a browser). Shown only on
 * a TTY, only once the work has run for `delayMs`, and erased when it ends.
 */
export async function withProgress<T>(
  stream: ProgressStream,
  label: string,
  work: Promise<T>,
  delayMs = 1000,
): Promise<T> {
  if (stream.isTTY !== true) return work;
  let frame = 0;
  let interval: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    interval = setInterval(() => {
      stream.write(`\r${FRAMES[frame % FRAMES.length]} ${label}`);
      frame += 1;
    }, 80);
  }, delayMs);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    if (interval) {
      clearInterval(interval);
      stream.write('\r\u001b[2K');
    }
  }
}
