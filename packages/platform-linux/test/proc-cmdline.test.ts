import { describe, expect, it } from 'vitest';
import { defaultUserDataDir, parseCmdline, parseEnviron, userDataDirFromArgs } from '../src/index.js';

const WITH_DIR =
  '/usr/lib/chromium/chromium\0--no-sandbox\0--disable-gpu\0--user-data-dir=/tmp/sightline profile (1)\0--remote-debugging-port=0\0about:blank\0';
const WITHOUT_DIR = '/opt/google/chrome/chrome\0--remote-debugging-port=9222\0--restore-last-session\0';
// A Chromium child process that rewrote its title: one string, no NULs between switches.
const RETITLED =
  '/usr/lib/chromium/chromium --type=renderer --user-data-dir=/tmp/ud-renderer --lang=en-US --num-raster-threads=1\0';

describe('parseCmdline / userDataDirFromArgs', () => {
  it('splits NUL-separated argv and finds --user-data-dir with spaces in the path', () => {
    const args = parseCmdline(WITH_DIR);
    expect(args).toHaveLength(6);
    expect(userDataDirFromArgs(args)).toBe('/tmp/sightline profile (1)');
  });

  it('returns null without --user-data-dir', () => {
    expect(userDataDirFromArgs(parseCmdline(WITHOUT_DIR))).toBeNull();
    expect(userDataDirFromArgs(['chrome', '--user-data-dir='])).toBeNull();
  });

  it('recovers switches from a retitled process', () => {
    const args = parseCmdline(RETITLED);
    expect(args[0]).toBe('/usr/lib/chromium/chromium');
    expect(userDataDirFromArgs(args)).toBe('/tmp/ud-renderer');
  });

  it('uses the last --user-data-dir, as Chromium does', () => {
    expect(userDataDirFromArgs(['c', '--user-data-dir=/a', '--user-data-dir=/b'])).toBe('/b');
  });
});

describe('defaultUserDataDir', () => {
  const env = parseEnviron('HOME=/home/ada\0LANG=C.UTF-8\0');
  it('maps the executable to its default profile under the process HOME', () => {
    expect(defaultUserDataDir('/opt/google/chrome/chrome', env)).toBe('/home/ada/.config/google-chrome');
    expect(defaultUserDataDir('/usr/lib/chromium/chromium', env)).toBe('/home/ada/.config/chromium');
    expect(defaultUserDataDir('/opt/microsoft/msedge/msedge', env)).toBe('/home/ada/.config/microsoft-edge');
    expect(defaultUserDataDir('/usr/bin/firefox', env)).toBeNull();
  });

  it('honours XDG_CONFIG_HOME and CHROME_USER_DATA_DIR', () => {
    expect(defaultUserDataDir('/usr/lib/chromium/chromium', parseEnviron('HOME=/h\0XDG_CONFIG_HOME=/x\0'))).toBe('/x/chromium');
    expect(defaultUserDataDir('/usr/lib/chromium/chromium', parseEnviron('CHROME_USER_DATA_DIR=/profile\0'))).toBe('/profile');
  });
});
