/** Default idle time before the daemon exits on its own: 10 minutes. */
export const DEFAULT_IDLE_MS = 10 * 60 * 1000;

/** `SIGHTLINE_DAEMON_IDLE_MS` → milliseconds; anything not a positive number means the default. */
export function idleMsFromEnvironment(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_IDLE_MS;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_IDLE_MS;
}
