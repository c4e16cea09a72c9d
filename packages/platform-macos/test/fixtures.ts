/** Command outputs in the shape macOS 14 prints them (pids, devices and ports are samples). */

// lsof -nP -a -p 4012,4020,4031 -iTCP -sTCP:LISTEN : the browser, its network service child, a helper.
export const LSOF_CHROME_TREE = `COMMAND     PID  USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME
Google\\x20 4012 alice   52u  IPv4 0x3c1f0e6a1b2c3d4e      0t0  TCP 127.0.0.1:9222 (LISTEN)
Google\\x20 4020 alice   31u  IPv6 0x3c1f0e6a1b2c9f10      0t0  TCP [::1]:9333 (LISTEN)
Google\\x20 4031 alice   12u  IPv4 0x3c1f0e6a1b2caa01      0t0  TCP *:7000 (LISTEN)
Google\\x20 4031 alice   13u  IPv6 0x3c1f0e6a1b2caa02      0t0  TCP [::ffff:127.0.0.1]:7001 (LISTEN)
Google\\x20 4012 alice   60u  IPv4 0x3c1f0e6a1b2cbb11      0t0  TCP 192.168.1.20:8443 (LISTEN)
`;

// lsof without -a would also print other processes' listeners; the platform must drop them.
export const LSOF_WITH_STRANGER = `${LSOF_CHROME_TREE}rapportd   512 alice    8u  IPv4 0x3c1f0e6a1b000001      0t0  TCP 127.0.0.1:49152 (LISTEN)
`;

// A socket inherited by parent and child appears once per owner.
export const LSOF_SHARED_SOCKET = `COMMAND     PID  USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME
Chromium  5100 bob     40u  IPv4 0x1111111111111111      0t0  TCP 127.0.0.1:9229 (LISTEN)
Chromium  5107 bob     40u  IPv4 0x1111111111111111      0t0  TCP 127.0.0.1:9229 (LISTEN)
`;

export const PGREP_CHILDREN: Record<string, string> = {
  '4012': '4020\n4031\n',
  '4020': '',
  '4031': '',
  '5100': '5107\n',
  '5107': '',
};

export const PS_LSTART = 'Mon Jun  3 10:11:12 2024     /Applications/Google Chrome.app/Contents/MacOS/Google Chrome\n';
export const PS_COMMAND_EXPLICIT =
  '/Applications/Chromium.app/Contents/MacOS/Chromium --remote-debugging-port=0 --user-data-dir=/Users/bob/Library/Caches/sightline profile 2 --no-first-run about:blank\n';
export const PS_COMMAND_DEFAULT = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome --remote-debugging-port=9222\n';
