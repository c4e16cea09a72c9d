/**
 * Whether the native route can run in this session (SPEC §3 route 1, §9): it needs an X11 server.
 * A Wayland session without Xwayland (no DISPLAY) cannot list other applications' windows.
 */
const OTHER_ROUTES =
  'The explicit-endpoint route (bind with cdp_url) and the managed-launch route (bind with launch) remain available.';

export function displayUnavailableReason(env: Record<string, string | undefined>, platform: string = process.platform): string | null {
  if (platform !== 'linux') return `platform-linux serves Linux only (this is ${platform}). ${OTHER_ROUTES}`;
  const display = env.DISPLAY?.trim();
  if (display) return null;
  if (env.WAYLAND_DISPLAY?.trim()) {
    return `Wayland session without X11 (WAYLAND_DISPLAY=${env.WAYLAND_DISPLAY}, DISPLAY unset): native windows of other applications cannot be listed. ${OTHER_ROUTES}`;
  }
  return `No display: DISPLAY is not set, so there are no native windows to bind to. ${OTHER_ROUTES}`;
}
