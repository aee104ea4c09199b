#!/usr/bin/env python3
# CPU by process kind of one command and everything it starts (issue 40 item 9: where a test file's CPU goes):
#
#   sudo python3 bench/cpu-by-process.py /tmp/prof/pipelines -- node node_modules/jest/bin/jest.js test/acceptance/pipelines.test.ts
#   python3 bench/cpu-by-process.py /tmp/prof/pipelines --      # the table again from the files kept
#
# BSD process accounting (acct(2): one record per process at its exit, user + system CPU of all its threads,
# pid and parent pid) joined by pid with an `strace -f` log of each successful execve (the process's argv);
# a process forked without exec counts as its parent's kind. Needs root (acct) and strace. acct is one file for
# the whole machine: run one at a time. strace's stops inflate system time (pipelines.test.ts: 318 s accounted
# against 233 s unprofiled): compare shares, and take seconds from `/usr/bin/time` without it.
# Not a node script: node has no acct(2).
import collections, ctypes, os, re, struct, subprocess, sys

out = sys.argv[1]
cmd = sys.argv[sys.argv.index("--") + 1 :]
acctf, tracef = out + ".acct", out + ".strace"
if cmd:
    open(acctf, "wb").close()
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.acct(acctf.encode()) == 0, os.strerror(ctypes.get_errno())
    try:
        strace = ["strace", "-f", "-qq", "--seccomp-bpf", "-e", "trace=execve", "-e", "signal=none", "-s", "400"]
        rc = subprocess.call(strace + ["-o", tracef, "--"] + cmd)
    finally:
        libc.acct(None)
    print("exit", rc, file=sys.stderr)


def comp(c):
    return (c & 0x1FFF) << (3 * (c >> 13))

recs = {}
data = open(acctf, "rb").read()
for i in range(0, len(data) - 63, 64):
    f = struct.unpack("<BBHIIIIIIf8H16s", data[i:i + 64])
    pid, ppid = f[6], f[7]
    cpu = (comp(f[10]) + comp(f[11])) / 100.0
    recs[pid] = (ppid, cpu, f[18].split(b"\0")[0].decode(errors="replace"))

argv = {}
line_re = re.compile(r'^(\d+)\s+execve\("([^"]*)", \[(.*)\](?:\.\.\.)?, .* = 0$')
for line in open(tracef, errors="replace"):
    m = line_re.match(line.rstrip())
    if m:
        args = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(3))
        argv[int(m.group(1))] = [m.group(2)] + args[1:] if args else [m.group(2)]

def kind(a):
    s = " ".join(a)
    exe = os.path.basename(a[0])
    args = [os.path.basename(x) for x in a[1:3]]
    if "terraform-provider-appmgmt" in s and exe in ("node", "bash", "sh") or exe.startswith("terraform-provider-appmgmt") or ".terraform/providers/" in a[0]:
        return "provider process (terraform plugin)"
    if exe == "terraform":
        sub = next((x for x in a[1:] if not x.startswith("-")), "-v")
        return f"terraform {sub}"
    if exe in ("postgres", "initdb", "pg_ctl", "psql"): return "postgres"
    if "postject" in s or "--experimental-sea-config" in s or "NODE_SEA_BLOB" in s: return "executable build (postject, sea)"
    if "jest-worker" in s or "processChild" in s: return "jest worker (tests, in-process simulator)"
    if "jest" in s and exe == "node": return "jest parent (tests, in-process simulator)"
    if exe == "node" and args and args[0] == "npx": return "npx wrapper (" + (a[2] if a[2] != "--no-install" else a[3]) + ")"
    if exe == "node" and args and args[0] == "npm": return "npm " + a[2]
    if re.search(r"(bin/cdktf|cdktf-cli)", s) and exe == "node": return "cdktf CLI"
    if re.search(r"(bin/cdktn|cdktn-cli)", s) and exe == "node": return "cdktn CLI"
    if "ts-node" in s or "register-ts" in s or "main.ts" in s or "app.js" in s: return "user app synth (ts-node / esbuild hook)"
    if "appmgmt" in s and exe == "node": 
        sub = next((x for x in a if x in ("install-provider", "review", "package", "sim", "discover")), "?")
        return "appmgmt " + sub
    if exe == "tsc" or "typescript/bin/tsc" in s: return "tsc"
    if exe in ("gpg", "gpg-agent", "openssl", "curl", "git", "zip", "unzip", "tar", "gzip"): return "other tools (gpg, openssl, curl...)"
    if exe in ("bash", "sh", "head", "id", "locale", "runuser", "cat", "sed", "grep", "rm", "mkdir"): return "shell and coreutils"
    if exe == "node": return "node -e/-p one-liners and others"
    return "other: " + exe

# processes forked without exec take their nearest traced ancestor's kind
def kind_of(pid, depth=0):
    if pid in argv: return kind(argv[pid])
    if pid in recs and depth < 50: return kind_of(recs[pid][0], depth + 1)
    return None
tot = collections.defaultdict(float); cnt = collections.Counter()
for pid, (ppid, cpu, comm) in recs.items():
    k = kind_of(pid)
    if k is None: continue
    tot[k] += cpu; cnt[k] += 1
total = sum(tot.values())
for k, v in sorted(tot.items(), key=lambda kv: -kv[1]):
    print(f"{v:8.1f} s {100*v/total:5.1f}%  {cnt[k]:5d}  {k}")
print(f"{total:8.1f} s total")
