/**
 * `work`, or `'late'` once `at` (a `performance.now()` time) passes first. A `work` that loses the
 * race may still fail later: nobody waits for it then, so its rejection is swallowed.
 */
export async function raceDeadline<T>(work: Promise<T>, at: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, at - performance.now()));
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
