/** Command outputs in the shape Windows 11 / Server 2022 prints them (pids and ports are samples). */

export const NETSTAT_TCP = `
Active Connections

  Proto  Local Address          Foreign Address        State           PID
  TCP    0.0.0.0:135            0.0.0.0:0              LISTENING       1024
  TCP    0.0.0.0:445            0.0.0.0:0              LISTENING       4
  TCP    127.0.0.1:9222         0.0.0.0:0              LISTENING       6120
  TCP    127.0.0.1:9222         127.0.0.1:50123        ESTABLISHED     6120
  TCP    127.0.0.1:50123        127.0.0.1:9222         ESTABLISHED     9000
  TCP    127.0.0.1:7001         0.0.0.0:0              LISTENING       6188
  TCP    10.1.0.4:3389          0.0.0.0:0              LISTENING       1300
  TCP    127.0.0.1:49670        0.0.0.0:0              LISTENING       4400
`;

export const NETSTAT_TCPV6 = `
Active Connections

  Proto  Local Address          Foreign Address        State           PID
  TCP    [::]:135               [::]:0                 LISTENING       1024
  TCP    [::1]:9333             [::]:0                 LISTENING       6144
  TCP    [::1]:9333             [::1]:50200            ESTABLISHED     6144
  TCP    [fe80::8d2c:1a4b:77e1:2f0a%12]:5357  [::]:0   LISTENING       4
  TCP    [::ffff:127.0.0.1]:7002  [::]:0               LISTENING       6188
`;

// German Windows: the State column is localised.
export const NETSTAT_TCP_GERMAN = `
Aktive Verbindungen

  Proto  Lokale Adresse         Remoteadresse          Status           PID
  TCP    127.0.0.1:9222         0.0.0.0:0              ABHÖREN          6120
  TCP    127.0.0.1:9222         127.0.0.1:50123        HERGESTELLT      6120
`;

// PowerShell PARENTS_SCRIPT: "<pid> <ppid> <created>". 6120 is chrome.exe; 6144 its network
// service, 6188 a utility process; 7000 is a stale child of a dead process whose pid 6120 was reused.
export const PS_PARENTS = `0 0 
4 0 
1024 700 2024-06-03T08:00:01.0000000Z
6120 5000 2024-06-03T10:11:12.1234567Z
6144 6120 2024-06-03T10:11:12.9000000Z
6188 6120 2024-06-03T10:11:13.5000000Z
6190 6188 2024-06-03T10:11:14.0000000Z
7000 6120 2024-06-03T09:00:00.0000000Z
4400 4300 2024-06-03T09:30:00.0000000Z
`;

export const WMIC_PARENTS = `
Node,ParentProcessId,ProcessId
BUILDBOX,0,0
BUILDBOX,0,4
BUILDBOX,5000,6120
BUILDBOX,6120,6144
BUILDBOX,6120,6188
`;

export const PS_DETAILS_CHROME = `2024-06-03T10:11:12.1234567Z
C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe
"C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe" --remote-debugging-port=0 --user-data-dir="C:\\Users\\ada\\AppData\\Local\\Temp\\sightline profile" about:blank
`;

export const PS_DETAILS_DEFAULT_PROFILE = `2024-06-03T10:20:00.0000000Z
C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe
"C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe" --remote-debugging-port=9222
`;
