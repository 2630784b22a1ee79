// --via's pure parts: how the command is split and extended for docker, ssh and kubectl (the
// argument shape; ssh and kubectl are not run here), which container a docker command names, and
// path mapping both ways with the longest prefix winning.
import { expect, test } from "bun:test";
import { execContainer, parseMap, pathRewriter, splitCommand, toLocal, toRemote, viaCommand } from "../../src/adapters/via.ts";

test("--via is split as a shell splits words, quotes kept together", () => {
  expect(splitCommand("docker exec -i web")).toEqual(["docker", "exec", "-i", "web"]);
  expect(splitCommand(`ssh -p 2222 -o 'ProxyJump bastion' "root@host"`)).toEqual(["ssh", "-p", "2222", "-o", "ProxyJump bastion", "root@host"]);
  expect(splitCommand("kubectl exec -i pod-1 -c app --")).toEqual(["kubectl", "exec", "-i", "pod-1", "-c", "app", "--"]);
  expect(() => splitCommand("ssh 'host")).toThrow("unterminated");
});

test("the adapter's argv is appended as words, and as one quoted line for ssh's remote shell", () => {
  expect(viaCommand(["docker", "exec", "-i", "web"], ["/usr/bin/lldb-dap-19"])).toEqual(["docker", "exec", "-i", "web", "/usr/bin/lldb-dap-19"]);
  expect(viaCommand(["kubectl", "exec", "-i", "pod", "--"], ["python3", "-m", "debugpy.adapter"])).toEqual([
    "kubectl",
    "exec",
    "-i",
    "pod",
    "--",
    "python3",
    "-m",
    "debugpy.adapter",
  ]);
  expect(viaCommand(["/usr/bin/ssh", "-p", "22", "host"], ["sh", "-c", "echo 'a b'; x=$1", "sh", "lldb-dap"])).toEqual([
    "/usr/bin/ssh",
    "-p",
    "22",
    "host",
    `sh -c 'echo '\\''a b'\\''; x=$1' sh lldb-dap`,
  ]);
});

test("the container of a docker or podman exec command, past its options", () => {
  expect(execContainer(["docker", "exec", "-i", "-u", "app", "-w", "/src", "web", "--"])).toEqual({ engine: "docker", container: "web" });
  expect(execContainer(["podman", "exec", "--interactive", "db"])).toEqual({ engine: "podman", container: "db" });
  expect(execContainer(["ssh", "host"])).toBeUndefined();
  expect(execContainer(["docker", "run", "-i", "img"])).toBeUndefined();
});

test("paths map both ways; the longest prefix wins; others stay as they are", () => {
  const maps = [parseMap("/work=/home/me/proj"), parseMap("/work/vendor/=/opt/vendor")];
  expect(toRemote("/home/me/proj/src/a.c", maps)).toBe("/work/src/a.c");
  expect(toRemote("/home/me/project/a.c", maps)).toBe("/home/me/project/a.c");
  expect(toLocal("/work/vendor/lib.c", maps)).toBe("/opt/vendor/lib.c");
  expect(toLocal("/work", maps)).toBe("/home/me/proj");
  expect(toLocal("/usr/include/stdio.h", maps)).toBe("/usr/include/stdio.h");
  expect(() => parseMap("work=/x")).toThrow("REMOTE=LOCAL");
  expect(() => parseMap("/work")).toThrow("REMOTE=LOCAL");
});

test("DAP messages: source paths, program and cwd go out mapped; paths come back mapped", () => {
  const r = pathRewriter([parseMap("/work=/home/me/proj")])!;
  const out = r.out({ type: "request", command: "setBreakpoints", arguments: { source: { path: "/home/me/proj/a.c" }, breakpoints: [{ line: 3 }] } }) as any;
  expect(out.arguments.source.path).toBe("/work/a.c");
  const launch = r.out({
    type: "request",
    command: "launch",
    arguments: { program: "/home/me/proj/app", cwd: "/home/me/proj", args: ["/home/me/proj/x"] },
  }) as any;
  expect(launch.arguments).toEqual({ program: "/work/app", cwd: "/work", args: ["/home/me/proj/x"] });
  const back = r.in({ type: "response", body: { stackFrames: [{ source: { path: "/work/a.c", name: "a.c" } }] } }) as any;
  expect(back.body.stackFrames[0].source).toEqual({ path: "/home/me/proj/a.c", name: "a.c" });
  expect(pathRewriter([])).toBeUndefined();
});
