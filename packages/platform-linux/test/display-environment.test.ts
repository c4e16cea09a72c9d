import { describe, expect, it } from 'vitest';
import { X11NativePlatform, displayUnavailableReason } from '../src/index.js';

describe('displayUnavailableReason', () => {
  it('is null with an X display', () => {
    expect(displayUnavailableReason({ DISPLAY: ':0' }, 'linux')).toBeNull();
    expect(displayUnavailableReason({ DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeNull();
  });

  it('explains a Wayland session without X and names the remaining routes', () => {
    const reason = displayUnavailableReason({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux');
    expect(reason).toMatch(/Wayland/);
    expect(reason).toMatch(/cdp_url/);
    expect(reason).toMatch(/launch/);
  });

  it('explains a missing display', () => {
    const reason = displayUnavailableReason({}, 'linux');
    expect(reason).toMatch(/DISPLAY is not set/);
    expect(reason).toMatch(/cdp_url/);
  });

  it('refuses other operating systems', () => {
    expect(displayUnavailableReason({ DISPLAY: ':0' }, 'darwin')).toMatch(/Linux only/);
  });
});

describe('X11NativePlatform without a display', () => {
  it('reports unavailability and rejects window calls with the same reason', async () => {
    const platform = new X11NativePlatform({ env: { WAYLAND_DISPLAY: 'wayland-1' } });
    expect(await platform.unavailableReason()).toMatch(/Wayland/);
    await expect(platform.listWindows()).rejects.toThrow(/Wayland/);
  });

  it('times out instead of hanging when nothing answers on the display socket', async () => {
    // A display number with no server: the connection fails (or times out) promptly.
    const platform = new X11NativePlatform({ display: ':917', timeoutMs: 1500 });
    const started = Date.now();
    await expect(platform.sentinels()).rejects.toThrow();
    // Far below a hang, far above what a saturated machine adds to the 1.5 s (issue 17).
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
