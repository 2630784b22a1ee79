# The LLDB side of the lldb CLI backend: run inside `lldb` by its `script` command, it answers
# requests read from lldb's stdin (one JSON object a line: {"seq", "command", "arguments"}) with
# lines on lldb's stdout that start with \x1e and hold one JSON object (a response or an event),
# using LLDB's SB API. DAP framing, start-up order and capabilities are the TypeScript side's
# (adapter.ts); this file only knows LLDB. Everything else LLDB prints is not ours and is ignored.
import base64
import json
import os
import re
import threading
import lldb

MARK = "\x1e"
_out = os.fdopen(os.dup(1), "w", buffering=1)
_inp = os.fdopen(os.dup(0), "r", buffering=1)
_lock = threading.Lock()


def send(obj):
    line = MARK + json.dumps(obj) + "\n"
    with _lock:
        _out.write(line)
        _out.flush()


def event(name, body=None):
    send({"type": "event", "event": name, "body": body or {}})


class Failure(Exception):
    pass


# A debugger of our own: the one running this script prints its reports ("Process 7 stopped" and
# the source around it) on lldb's stdout, our channel; this one's commands answer in their
# return objects and its process events come only to our listener.
dbg = lldb.SBDebugger.Create(False)
dbg.SetAsync(True)
# Each module's symbols are read when first needed, not all before the first stop (as lldb-dap's
# LAZY_SYMBOLS, lldbDap.ts).
dbg.GetCommandInterpreter().HandleCommand("settings set target.preload-symbols false", lldb.SBCommandReturnObject())
listener = lldb.SBListener("debugger-cli")
state = {
    "target": None,
    "process": None,
    "launch": None,
    "stop_on_entry": False,
    "first_stop": True,
    "pause": False,
    "refs": {},
    "next_ref": 1,
    "line_bps": {},  # path -> {line: bp id}
    "function_bps": {},  # name -> bp id
    "instruction_bps": {},  # address -> bp id
    "logs": {},  # bp id -> log message
    "exited": False,
}


def target():
    t = state["target"]
    if t is None or not t.IsValid():
        raise Failure("no program is loaded")
    return t


def process():
    p = state["process"]
    if p is None or not p.IsValid():
        raise Failure("the program is not running")
    return p


# ---- values -----------------------------------------------------------------------------


def new_ref(thing):
    ref = state["next_ref"]
    state["next_ref"] += 1
    state["refs"][ref] = thing
    return ref


def clear_refs():
    state["refs"] = {}
    state["next_ref"] = 1


def value_text(v):
    text = v.GetValue()
    summary = v.GetSummary()
    if text is not None and summary:
        return text + " " + summary
    if text is not None:
        return text
    if summary:
        return summary
    if v.GetNumChildren() > 0 or v.MightHaveChildren():
        addr = v.GetLoadAddress()
        name = v.GetDisplayTypeName() or v.GetTypeName() or ""
        if addr != lldb.LLDB_INVALID_ADDRESS:
            return "%s @ 0x%x" % (name, addr)
        return "{...}"
    err = v.GetError()
    if err.Fail():
        return "<%s>" % (err.GetCString() or "unavailable")
    return ""


def has_children(v):
    return v.GetNumChildren() > 0


def variable(v, name=None):
    out = {
        "name": name if name is not None else (v.GetName() or ""),
        "value": value_text(v),
        "type": v.GetDisplayTypeName() or v.GetTypeName() or "",
        "variablesReference": new_ref(v) if has_children(v) else 0,
    }
    addr = v.GetLoadAddress()
    if addr != lldb.LLDB_INVALID_ADDRESS:
        out["memoryReference"] = "0x%x" % addr
    return out


# ---- threads and frames -----------------------------------------------------------------


def frame_id(thread, index):
    return (thread.GetIndexID() << 16) | index


def frame_of(fid):
    thread = process().GetThreadByIndexID(fid >> 16)
    if not thread.IsValid():
        raise Failure("unknown frame %d" % fid)
    frame = thread.GetFrameAtIndex(fid & 0xFFFF)
    if not frame.IsValid():
        raise Failure("unknown frame %d" % fid)
    return frame


def thread_of(tid):
    t = process().GetThreadByID(tid)
    if not t.IsValid():
        raise Failure("unknown thread %s" % tid)
    return t


def source_of(frame):
    le = frame.GetLineEntry()
    spec = le.GetFileSpec()
    if not le.IsValid() or not spec.IsValid() or not spec.GetFilename():
        return None, 0, 0
    path = spec.fullpath
    return {"name": spec.GetFilename(), "path": path}, le.GetLine(), le.GetColumn() or 1


# ---- requests ---------------------------------------------------------------------------


def req_launch(a):
    program = a.get("program")
    if not program:
        raise Failure("no program given")
    err = lldb.SBError()
    t = dbg.CreateTarget(program, None, None, True, err)
    if not t or not t.IsValid():
        raise Failure("cannot load %s: %s" % (program, err.GetCString() or "not an executable LLDB can read"))
    state["target"] = t
    state["launch"] = a
    state["stop_on_entry"] = bool(a.get("stopOnEntry"))
    for cmd in a.get("initCommands") or []:
        run_command(cmd)
    return {}


def start_process():
    a = state["launch"]
    t = target()
    info = lldb.SBLaunchInfo([str(x) for x in a.get("args") or []])
    info.SetListener(listener)
    if a.get("cwd"):
        info.SetWorkingDirectory(a["cwd"])
    # The launch's env is the program's whole environment (the caller's, README "The program's
    # environment"), not lldb's own with it added.
    env = a.get("env")
    if env is None:
        env = dict(os.environ)
    info.SetEnvironmentEntries(["%s=%s" % (k, v) for k, v in env.items()], False)
    stdio = a.get("stdio") or {}
    for fd, key, read, write in ((0, "stdin", True, False), (1, "stdout", False, True), (2, "stderr", False, True)):
        path = stdio.get(key)
        if path:
            info.AddOpenFileAction(fd, path, read, write)
    flags = lldb.eLaunchFlagDisableASLR if a.get("disableASLR", True) else 0
    if state["stop_on_entry"]:
        flags |= lldb.eLaunchFlagStopAtEntry
    info.SetLaunchFlags(flags)
    err = lldb.SBError()
    p = t.Launch(info, err)
    if err.Fail() or not p or not p.IsValid():
        raise Failure(err.GetCString() or "LLDB could not launch the program")
    state["process"] = p
    event("process", {"name": t.GetExecutable().fullpath, "systemProcessId": p.GetProcessID(), "isLocalProcess": True, "startMethod": "launch"})


def req_attach(a):
    pid = a.get("pid")
    if not pid:
        raise Failure("attach needs a pid")
    t = dbg.CreateTarget(a.get("program") or "")
    if not t or not t.IsValid():
        t = dbg.CreateTarget("")
    info = lldb.SBAttachInfo(int(pid))
    info.SetListener(listener)
    err = lldb.SBError()
    p = t.Attach(info, err)
    if err.Fail() or not p or not p.IsValid():
        raise Failure(err.GetCString() or "LLDB could not attach to pid %s" % pid)
    state["target"] = t
    state["process"] = p
    state["first_stop"] = False
    state["attached"] = True
    event("process", {"name": t.GetExecutable().fullpath, "systemProcessId": p.GetProcessID(), "isLocalProcess": True, "startMethod": "attach"})
    return {}


def req_configurationDone(a):
    if state.get("attached"):
        # The attach stopped the process; it runs on unless the user pauses it.
        p = process()
        if p.GetState() == lldb.eStateStopped:
            state["resuming"] = True
            p.Continue()
        return {}
    start_process()
    return {}


def breakpoint_body(bp, line=None):
    out = {"id": bp.GetID(), "verified": bp.GetNumLocations() > 0}
    for i in range(bp.GetNumLocations()):
        addr = bp.GetLocationAtIndex(i).GetAddress()
        le = addr.GetLineEntry()
        if le.IsValid():
            out["line"] = le.GetLine()
            out["source"] = {"name": le.GetFileSpec().GetFilename(), "path": le.GetFileSpec().fullpath}
            break
    if "line" not in out and line is not None:
        out["line"] = line
    if not out["verified"]:
        out["message"] = "no code at this location (yet): the breakpoint resolves if a library loaded later has it"
    return out


def hit_count(text):
    text = (text or "").strip()
    if not text:
        return 0
    if not text.isdigit() or int(text) < 1:
        raise Failure("hit condition '%s' is not a positive whole number (LLDB stops on the Nth hit)" % text)
    return int(text) - 1


def configure(bp, b):
    bp.SetCondition(b.get("condition") or "")
    bp.SetIgnoreCount(hit_count(b.get("hitCondition")))
    if b.get("logMessage"):
        state["logs"][bp.GetID()] = b["logMessage"]
    else:
        state["logs"].pop(bp.GetID(), None)


def req_setBreakpoints(a):
    t = target()
    path = (a.get("source") or {}).get("path")
    if not path:
        raise Failure("setBreakpoints needs a source path")
    old = state["line_bps"].get(path, {})
    new = {}
    out = []
    for b in a.get("breakpoints") or []:
        line = int(b["line"])
        bp = None
        if line in old:
            bp = t.FindBreakpointByID(old.pop(line))
        if bp is None or not bp.IsValid():
            bp = t.BreakpointCreateByLocation(path, line)
        configure(bp, b)
        new[line] = bp.GetID()
        out.append(breakpoint_body(bp, line))
    for bid in old.values():
        t.BreakpointDelete(bid)
        state["logs"].pop(bid, None)
    state["line_bps"][path] = new
    return {"breakpoints": out}


def req_setFunctionBreakpoints(a):
    t = target()
    old = state["function_bps"]
    new = {}
    out = []
    for b in a.get("breakpoints") or []:
        name = b["name"]
        bp = t.FindBreakpointByID(old.pop(name)) if name in old else None
        if bp is None or not bp.IsValid():
            bp = t.BreakpointCreateByName(name)
        configure(bp, b)
        new[name] = bp.GetID()
        out.append(breakpoint_body(bp))
    for bid in old.values():
        t.BreakpointDelete(bid)
    state["function_bps"] = new
    return {"breakpoints": out}


def req_setInstructionBreakpoints(a):
    t = target()
    old = state["instruction_bps"]
    new = {}
    out = []
    for b in a.get("breakpoints") or []:
        addr = int(b["instructionReference"], 0) + int(b.get("offset") or 0)
        bp = t.FindBreakpointByID(old.pop(addr)) if addr in old else None
        if bp is None or not bp.IsValid():
            bp = t.BreakpointCreateByAddress(addr)
        configure(bp, b)
        new[addr] = bp.GetID()
        out.append(breakpoint_body(bp))
    for bid in old.values():
        t.BreakpointDelete(bid)
    state["instruction_bps"] = new
    return {"breakpoints": out}


def req_setExceptionBreakpoints(a):
    if a.get("filters"):
        raise Failure("the lldb CLI backend has no exception breakpoints (filters %s)" % ", ".join(a["filters"]))
    return {}


def resume(action):
    clear_refs()
    state["resuming"] = True
    action()


def req_continue(a):
    resume(lambda: process().Continue())
    return {"allThreadsContinued": True}


def req_next(a):
    t = thread_of(a["threadId"])
    if a.get("granularity") == "instruction":
        resume(lambda: t.StepInstruction(True))
    else:
        resume(lambda: t.StepOver(lldb.eOnlyDuringStepping))
    return {}


def req_stepIn(a):
    t = thread_of(a["threadId"])
    if a.get("granularity") == "instruction":
        resume(lambda: t.StepInstruction(False))
    else:
        resume(lambda: t.StepInto(lldb.eOnlyDuringStepping))
    return {}


def req_stepOut(a):
    t = thread_of(a["threadId"])
    resume(lambda: t.StepOut())
    return {}


def req_pause(a):
    p = process()
    state["pause"] = True
    err = p.Stop()
    if err.Fail():
        state["pause"] = False
        raise Failure(err.GetCString() or "could not pause")
    return {}


def req_threads(a):
    p = state["process"]
    if p is None or not p.IsValid():
        return {"threads": []}
    out = []
    for t in p:
        name = t.GetName() or ("thread #%d" % t.GetIndexID())
        out.append({"id": t.GetThreadID(), "name": name})
    return {"threads": out}


def req_stackTrace(a):
    t = thread_of(a["threadId"])
    start = int(a.get("startFrame") or 0)
    levels = int(a.get("levels") or 0)
    total = t.GetNumFrames()
    end = total if levels <= 0 else min(total, start + levels)
    frames = []
    for i in range(start, end):
        f = t.GetFrameAtIndex(i)
        src, line, col = source_of(f)
        name = f.GetDisplayFunctionName() or f.GetFunctionName() or ("0x%x" % f.GetPC())
        fr = {"id": frame_id(t, i), "name": name, "line": line, "column": col, "instructionPointerReference": "0x%x" % f.GetPC()}
        if src:
            fr["source"] = src
        else:
            fr["presentationHint"] = "subtle"
        mod = f.GetModule().GetFileSpec().GetFilename()
        if mod:
            fr["moduleId"] = mod
        frames.append(fr)
    return {"stackFrames": frames, "totalFrames": total}


def req_scopes(a):
    fid = a["frameId"]
    frame_of(fid)
    return {
        "scopes": [
            {"name": "Locals", "presentationHint": "locals", "variablesReference": new_ref(("locals", fid)), "expensive": False},
            {"name": "Globals", "variablesReference": new_ref(("globals", fid)), "expensive": True},
            {"name": "Registers", "presentationHint": "registers", "variablesReference": new_ref(("registers", fid)), "expensive": True},
        ]
    }


def children_of(ref):
    thing = state["refs"].get(ref)
    if thing is None:
        raise Failure("unknown variables reference %s (the program ran since)" % ref)
    if isinstance(thing, tuple):
        kind, fid = thing
        frame = frame_of(fid)
        if kind == "locals":
            return list(frame.GetVariables(True, True, False, True))
        if kind == "globals":
            return list(frame.GetVariables(False, False, True, True))
        return list(frame.GetRegisters())
    return [thing.GetChildAtIndex(i) for i in range(thing.GetNumChildren())]


def req_variables(a):
    kids = children_of(a["variablesReference"])
    start = int(a.get("start") or 0)
    count = int(a.get("count") or 0)
    if count > 0:
        kids = kids[start : start + count]
    return {"variables": [variable(v) for v in kids]}


def set_value(v, text):
    err = lldb.SBError()
    if not v.SetValueFromCString(text, err):
        raise Failure("cannot set %s to %s: %s" % (v.GetName(), text, err.GetCString() or "LLDB refused the value"))
    return {"value": value_text(v), "type": v.GetDisplayTypeName() or "", "variablesReference": new_ref(v) if has_children(v) else 0}


def req_setVariable(a):
    for v in children_of(a["variablesReference"]):
        if v.GetName() == a["name"]:
            return set_value(v, a["value"])
    raise Failure("no variable named %s here" % a["name"])


def frame_or_none(a):
    fid = a.get("frameId")
    if fid is not None:
        return frame_of(fid)
    p = state["process"]
    if p is not None and p.IsValid():
        f = p.GetSelectedThread().GetSelectedFrame()
        if f.IsValid():
            return f
    return None


def evaluate(expr, frame):
    opts = lldb.SBExpressionOptions()
    opts.SetTimeoutInMicroSeconds(10 * 1000 * 1000)
    opts.SetTryAllThreads(True)
    # A call that reaches a breakpoint runs through it, and a failed one leaves no half-run frame.
    opts.SetIgnoreBreakpoints(True)
    opts.SetUnwindOnError(True)
    if frame is not None:
        v = frame.GetValueForVariablePath(expr)
        if not (v.IsValid() and v.GetError().Success()):
            v = frame.EvaluateExpression(expr, opts)
    else:
        v = target().EvaluateExpression(expr, opts)
    err = v.GetError()
    if not v.IsValid() or err.Fail():
        raise Failure((err.GetCString() or "cannot evaluate").strip())
    return v


def req_setExpression(a):
    v = evaluate(a["expression"], frame_or_none(a))
    return set_value(v, a["value"])


def run_command(cmd):
    res = lldb.SBCommandReturnObject()
    dbg.GetCommandInterpreter().HandleCommand(cmd, res)
    text = (res.GetOutput() or "") + (res.GetError() or "")
    return res.Succeeded(), text


def is_command(expr):
    # The command word ends at a blank or at a format suffix (`p/x $pc`, `x/4xw &n`).
    word = re.split(r"[\s/]", expr.strip(), maxsplit=1)[0] if expr.strip() else ""
    ci = dbg.GetCommandInterpreter()
    return bool(word) and (ci.CommandExists(word) or ci.AliasExists(word))


def req_evaluate(a):
    expr = a.get("expression") or ""
    frame = frame_or_none(a)
    if a.get("context") == "repl" and (expr.startswith("`") or is_command(expr)):
        cmd = expr[1:] if expr.startswith("`") else expr
        if frame is not None:
            frame.GetThread().GetProcess().SetSelectedThread(frame.GetThread())
            frame.GetThread().SetSelectedFrame(frame.GetFrameID())
        ok, text = run_command(cmd)
        if not ok:
            raise Failure(text.strip() or "the command failed")
        return {"result": text, "variablesReference": 0}
    v = evaluate(expr, frame)
    out = variable(v, expr)
    return {"result": out["value"], "type": out["type"], "variablesReference": out["variablesReference"], **({"memoryReference": out["memoryReference"]} if "memoryReference" in out else {})}


def req_readMemory(a):
    p = process()
    addr = int(a["memoryReference"], 0) + int(a.get("offset") or 0)
    count = int(a.get("count") or 0)
    err = lldb.SBError()
    data = p.ReadMemory(addr, count, err) if count > 0 else b""
    if err.Fail() or data is None:
        return {"address": "0x%x" % addr, "unreadableBytes": count}
    return {"address": "0x%x" % addr, "data": base64.b64encode(data).decode("ascii"), "unreadableBytes": count - len(data)}


def req_disassemble(a):
    t = target()
    addr = int(a["memoryReference"], 0) + int(a.get("offset") or 0)
    count = int(a.get("instructionCount") or 0)
    offset = int(a.get("instructionOffset") or 0)
    if offset < 0:
        # Instructions have different lengths: start far enough back and keep the last ones.
        start = t.ResolveLoadAddress(max(0, addr + offset * 15))
        insns = list(t.ReadInstructions(start, count - offset * 15))
        at = next((i for i, x in enumerate(insns) if x.GetAddress().GetLoadAddress(t) >= addr), len(insns))
        insns = insns[max(0, at + offset) : max(0, at + offset) + count]
    else:
        insns = list(t.ReadInstructions(t.ResolveLoadAddress(addr), count + offset))[offset:]
    out = []
    for ins in insns:
        sa = ins.GetAddress()
        load = sa.GetLoadAddress(t)
        item = {"address": "0x%x" % load, "instruction": ("%s %s" % (ins.GetMnemonic(t), ins.GetOperands(t))).strip()}
        data = ins.GetData(t)
        err = lldb.SBError()
        raw = data.ReadRawData(err, 0, data.GetByteSize()) if data.GetByteSize() else None
        if raw:
            item["instructionBytes"] = " ".join("%02x" % b for b in raw)
        sym = sa.GetSymbol()
        if sym.IsValid():
            item["symbol"] = sym.GetName()
        le = sa.GetLineEntry()
        if le.IsValid():
            item["line"] = le.GetLine()
            item["location"] = {"name": le.GetFileSpec().GetFilename(), "path": le.GetFileSpec().fullpath}
        out.append(item)
    return {"instructions": out}


def req_disconnect(a):
    p = state["process"]
    if p is not None and p.IsValid() and p.GetState() not in (lldb.eStateExited, lldb.eStateDetached, lldb.eStateInvalid):
        terminate = a.get("terminateDebuggee")
        if terminate is None:
            terminate = not state.get("attached")
        if terminate:
            p.Kill()
        else:
            p.Detach()
    state["done"] = True
    return {}


def req_terminate(a):
    p = process()
    p.Kill()
    return {}


HANDLERS = {name[4:]: fn for name, fn in list(globals().items()) if name.startswith("req_")}


# ---- events -----------------------------------------------------------------------------

REASONS = {
    lldb.eStopReasonBreakpoint: "breakpoint",
    lldb.eStopReasonWatchpoint: "data breakpoint",
    lldb.eStopReasonPlanComplete: "step",
    lldb.eStopReasonTrace: "step",
    lldb.eStopReasonSignal: "exception",
    lldb.eStopReasonException: "exception",
    lldb.eStopReasonExec: "entry",
}


def log_message(frame, text):
    # `{expression}` parts are evaluated in the stopped frame, as other adapters' logpoints do.
    out = ""
    i = 0
    while i < len(text):
        c = text[i]
        if c == "{":
            j = text.find("}", i)
            if j > i:
                try:
                    out += value_text(evaluate(text[i + 1 : j], frame))
                except Failure as e:
                    out += "<%s>" % e
                i = j + 1
                continue
        out += c
        i += 1
    return out


def on_stopped(p):
    clear_refs()
    chosen = None
    for t in p:
        if t.GetStopReason() not in (lldb.eStopReasonNone, lldb.eStopReasonInvalid):
            chosen = t
            break
    if chosen is None:
        chosen = p.GetSelectedThread()
    else:
        p.SetSelectedThread(chosen)
    body = {"threadId": chosen.GetThreadID(), "allThreadsStopped": True, "preserveFocusHint": False}
    reason = chosen.GetStopReason()
    body["reason"] = REASONS.get(reason, "pause")
    desc = chosen.GetStopDescription(256) or ""
    if desc:
        body["description"] = desc
    if reason == lldb.eStopReasonBreakpoint:
        ids = []
        for i in range(0, chosen.GetStopReasonDataCount(), 2):
            bid = chosen.GetStopReasonDataAtIndex(i)
            if bid not in ids:
                ids.append(bid)
        logs = [b for b in ids if b in state["logs"]]
        if logs and len(logs) == len(ids):
            # Logpoints only: print and go on.
            frame = chosen.GetFrameAtIndex(0)
            for b in logs:
                event("output", {"category": "console", "output": log_message(frame, state["logs"][b]) + "\n"})
            state["resuming"] = True
            p.Continue()
            return
        body["hitBreakpointIds"] = [b for b in ids if b not in state["logs"]]
    if state["first_stop"] and state["stop_on_entry"]:
        body["reason"] = "entry"
        body.pop("description", None)
    elif state["pause"] and reason in (lldb.eStopReasonSignal, lldb.eStopReasonNone, lldb.eStopReasonInvalid):
        body["reason"] = "pause"
    state["first_stop"] = False
    state["pause"] = False
    event("stopped", body)


def event_loop():
    ev = lldb.SBEvent()
    while not state.get("done"):
        if not listener.WaitForEvent(1, ev):
            continue
        if not lldb.SBProcess.EventIsProcessEvent(ev):
            continue
        if ev.GetType() & lldb.SBProcess.eBroadcastBitStateChanged == 0:
            continue
        st = lldb.SBProcess.GetStateFromEvent(ev)
        p = lldb.SBProcess.GetProcessFromEvent(ev)
        if st == lldb.eStateStopped:
            if lldb.SBProcess.GetRestartedFromEvent(ev):
                continue
            try:
                on_stopped(p)
            except Exception as e:  # never let the event thread die
                event("output", {"category": "console", "output": "lldb-cli: stop not reported: %s\n" % e})
        elif st == lldb.eStateRunning:
            if not state.pop("resuming", False):
                event("continued", {"threadId": p.GetSelectedThread().GetThreadID(), "allThreadsContinued": True})
        elif st in (lldb.eStateExited, lldb.eStateCrashed, lldb.eStateDetached):
            if state["exited"]:
                continue
            state["exited"] = True
            if st == lldb.eStateExited:
                event("exited", {"exitCode": p.GetExitStatus()})
            event("terminated", {})


def main():
    threading.Thread(target=event_loop, daemon=True).start()
    major = lldb.SBDebugger.GetVersionString().split("\n")[0]
    event("ready", {"version": major})
    for line in _inp:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        seq = req.get("seq")
        fn = HANDLERS.get(req.get("command"))
        try:
            if fn is None:
                raise Failure("the lldb CLI backend does not support '%s'" % req.get("command"))
            body = fn(req.get("arguments") or {})
            send({"type": "response", "seq": seq, "success": True, "body": body or {}})
        except Failure as e:
            send({"type": "response", "seq": seq, "success": False, "message": str(e)})
        except Exception as e:
            send({"type": "response", "seq": seq, "success": False, "message": "%s: %s" % (type(e).__name__, e)})
        if state.get("done"):
            break


main()
