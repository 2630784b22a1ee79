# Runs inside LLDB's Python after rustc's own formatters (lldb_lookup.py, lldb_commands) are loaded,
# and makes them safe to use on any LLDB:
#  - Niche-encoded enums (Option<String>, Result<u32, String>, an enum with a String variant) read
#    the right variant. LLDB 19 names each variant `$variant$N` with only the low 32 bits of its
#    DW_AT_discr_value, so rustc 1.95's provider, comparing N with the whole 64-bit discriminant,
#    never matched a niche variant and showed the dataful one over garbage (None as Some("I")).
#  - A String, &str or Vec whose length exceeds its capacity (or any sane size) is not read: it is
#    a value not yet initialised, and reading it asked LLDB for ~140 TB.
#  - Every formatter call has a time budget and may not raise: past the budget, or on an error, the
#    value is shown raw (LLDB's own view of the fields) with a note, and the next value goes on.
#    Nothing reaches LLDB's output as a Python traceback.
import sys
import threading
import time

import lldb
import lldb_lookup
import lldb_providers

_BUDGET_S = 2.0
_MAX_STRING_BYTES = 1 << 20
_MAX_ITEMS = 1 << 28
_local = threading.local()


class _Overrun(Exception):
    pass


def _run(fn, fallback, *args):
    """fn(*args) within the budget; fallback(reason) when it raises or overruns. Nested calls share the outer budget."""
    if getattr(_local, "deadline", None) is not None:
        try:
            return fn(*args)
        except _Overrun:
            raise  # the outermost call answers for the whole budget
        except Exception as e:  # noqa: BLE001 - a formatter must never take the debugger down
            return fallback(str(e) or type(e).__name__)
    deadline = time.monotonic() + _BUDGET_S
    _local.deadline = deadline

    # Checked at each Python call only (no line events: tracing every line made a 40-entry
    # BTreeMap take seconds). A provider's loop calls LLDB's Python API, so each turn is a call.
    def tracer(frame, event, arg):
        if time.monotonic() > deadline:
            raise _Overrun("formatter took over %gs" % _BUDGET_S)
        return None

    previous = sys.gettrace()
    sys.settrace(tracer)
    failure = None
    try:
        return fn(*args)
    except BaseException as e:  # noqa: B902 - a formatter must never take the debugger down
        failure = str(e) or type(e).__name__
    finally:
        sys.settrace(previous)
        _local.deadline = None
    return fallback(failure)


def _note(reason):
    return "raw: the Rust formatter failed (%s)" % reason.splitlines()[0][:120]


# ---- enum variants ----------------------------------------------------------------------------


def _variant_index(self, all_variants):
    named = []  # (index, N of `$variant$N`, discriminant read, its byte size)
    default_index = None
    for i in range(all_variants.GetNumChildren()):
        variant = all_variants.GetChildAtIndex(i)
        discr = variant.GetChildMemberWithName("$discr$")
        name = variant.GetName() or ""
        digits = name[len("$variant$"):]
        if not discr.IsValid():
            default_index = i
        elif name.startswith("$variant$") and digits.lstrip("-").isdigit():
            named.append((i, int(digits) & 0xFFFFFFFFFFFFFFFF, discr.GetValueAsUnsigned(), discr.GetByteSize()))
    for i, said, value, size in named:
        if size < 8 or default_index is None:
            # A tag, or a niche that fits in 32 bits: LLDB's N is the whole value.
            if said == value:
                return i
        elif value >= 1 << 63:
            # A niche in a 64-bit field (a String's or Vec's capacity, valid below 2^63): LLDB 19
            # kept only the low 32 bits of DW_AT_discr_value in N.
            if said == value & 0xFFFFFFFF:
                return i
        elif value == 0 and said == 0:
            return i  # a null pointer's niche (Option<Box<T>>, Option<&T>)
    return default_index if default_index is not None else 0


# Older toolchains read enums another way (no ClangEncodedEnumProvider): nothing to fix there.
if hasattr(lldb_providers, "ClangEncodedEnumProvider"):
    lldb_providers.ClangEncodedEnumProvider._getCurrentVariantIndex = _variant_index

    _enum_summary = lldb_providers.ClangEncodedEnumSummaryProvider

    def _pointee_enum_summary(valobj, _dict):
        # LLDB applies an enum's summary to pointers and references to it as well, with the
        # pointer as valobj: rustc's provider then read the pointee's raw `$variants$` as the
        # variant's fields (`Numeric{$variants$:{…}}` for a `&Identifier`). The pointee's summary
        # is the enum's (`Numeric(1)`).
        if valobj.GetType().IsPointerType() or valobj.GetType().IsReferenceType():
            return valobj.Dereference().GetSummary() or ""
        return _enum_summary(valobj, _dict)

    lldb_providers.ClangEncodedEnumSummaryProvider = _pointee_enum_summary


# ---- sizes that cannot be real --------------------------------------------------------------


def _vec_parts(vec):
    """(pointer, length, capacity or None) of a Vec<T> (rustc 1.80+ layout: buf.inner.{ptr,cap})."""
    vec = vec.GetNonSyntheticValue()
    buf = vec.GetChildMemberWithName("buf")
    inner = buf.GetChildMemberWithName("inner")
    holder = inner if inner.IsValid() else buf
    ptr = holder.GetChildMemberWithName("ptr")
    while ptr.IsValid() and ptr.GetNumChildren() > 0 and not ptr.GetType().IsPointerType():
        ptr = ptr.GetChildAtIndex(0)
    cap = holder.GetChildMemberWithName("cap")
    if cap.IsValid() and cap.GetNumChildren() > 0:
        cap = cap.GetChildAtIndex(0)
    length = vec.GetChildMemberWithName("len").GetValueAsUnsigned()
    return ptr.GetValueAsUnsigned(), length, (cap.GetValueAsUnsigned() if cap.IsValid() else None)


def _check_size(length, capacity):
    if capacity is not None and length > capacity:
        raise ValueError("length %d above capacity %d: not initialised yet?" % (length, capacity))
    if length > _MAX_ITEMS:
        raise ValueError("length %d is not a real size: not initialised yet?" % length)


def _read_text(process, address, length):
    error = lldb.SBError()
    cut = length > _MAX_STRING_BYTES
    data = process.ReadMemory(address, min(length, _MAX_STRING_BYTES), error)
    if not error.Success():
        raise ValueError("cannot read %d bytes at 0x%x" % (min(length, _MAX_STRING_BYTES), address))
    text = data.decode("utf8", "replace").replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
    return '"%s%s"' % (text, "…" if cut else "")


def _string_summary(valobj, _dict):
    ptr, length, cap = _vec_parts(valobj.GetNonSyntheticValue().GetChildMemberWithName("vec"))
    _check_size(length, cap)
    return '""' if length == 0 else _read_text(valobj.GetProcess(), ptr, length)


def _str_summary(valobj, _dict):
    valobj = valobj.GetNonSyntheticValue()
    length = valobj.GetChildMemberWithName("length").GetValueAsUnsigned()
    _check_size(length, None)
    if length == 0:
        return '""'
    return _read_text(valobj.GetProcess(), valobj.GetChildMemberWithName("data_ptr").GetValueAsUnsigned(), length)


_size_summary = lldb_providers.SizeSummaryProvider


def _checked_size_summary(valobj, _dict):
    raw = valobj.GetNonSyntheticValue()
    known = _failed.get(_key(raw))
    if known is not None:
        raise ValueError(known)
    if raw.GetChildMemberWithName("buf").IsValid() and raw.GetChildMemberWithName("len").IsValid():
        _ptr, length, cap = _vec_parts(raw)
        _check_size(length, cap)
    said = _size_summary(valobj, _dict)
    # Counting the children may have been what failed (a garbage HashMap's bucket walk).
    known = _failed.get(_key(raw))
    if known is not None:
        raise ValueError(known)
    return said


# ---- every provider guarded ---------------------------------------------------------------------


def _guard_summary(fn):
    # Exactly two parameters: LLDB passes a third (options) to functions that take more.
    def summary(valobj, _dict):
        # A value whose children provider failed has no true summary either (`size=1` of raw fields).
        known = _failed.get(_key(valobj.GetNonSyntheticValue()))
        if known is not None:
            return _note(known)
        return _run(lambda: fn(valobj, _dict), _note)

    summary.__name__ = getattr(fn, "__name__", "summary")
    return summary


class _RawChildren:
    """LLDB's own view of a value's fields: what a formatter that failed leaves."""

    def __init__(self, valobj):
        self.raw = valobj.GetNonSyntheticValue()

    def num_children(self):
        return self.raw.GetNumChildren()

    def get_child_index(self, name):
        return self.raw.GetIndexOfChildWithName(name)

    def get_child_at_index(self, index):
        return self.raw.GetChildAtIndex(index)

    def update(self):
        return False

    def has_children(self):
        return self.raw.MightHaveChildren()


# Values whose provider failed, by (address, type): their summary says so, and LLDB's next
# provider for the same value goes raw at once instead of spending the budget again.
_failed = {}


def _key(valobj):
    return (valobj.GetLoadAddress(), valobj.GetTypeName())


def _fail(valobj, reason):
    if len(_failed) > 4096:
        _failed.clear()
    _failed[_key(valobj)] = reason


class _Safe:
    """A synthetic-children provider whose every call is bounded; one that fails turns raw."""

    def __init__(self, make, valobj, _dict):
        self.valobj = valobj
        known = _failed.get(_key(valobj))
        if known is not None:
            self.inner = _RawChildren(valobj)
            return

        def failed(reason):
            _fail(valobj, reason)
            return _RawChildren(valobj)

        self.inner = _run(lambda: make(valobj, _dict), failed)

    def _call(self, name, default, *args):
        def fallback(reason):
            _fail(self.valobj, reason)
            self.inner = _RawChildren(self.valobj)
            return getattr(self.inner, name)(*args) if default is None else default

        return _run(lambda: getattr(self.inner, name)(*args), fallback)

    # Exactly one parameter: LLDB passes a maximum to methods that take more.
    def num_children(self):
        n = self._call("num_children", None)
        if isinstance(n, int) and n > _MAX_ITEMS:
            self.inner = _RawChildren(self.valobj)
            return self.inner.num_children()
        return n

    def get_child_index(self, name):
        return self._call("get_child_index", None, name)

    def get_child_at_index(self, index):
        return self._call("get_child_at_index", None, index)

    def update(self):
        return self._call("update", False)

    def has_children(self):
        return self._call("has_children", None)

    def get_value(self):
        inner = getattr(self.inner, "get_value", None)
        return self._call("get_value", None) if inner else None


def _unwrap(value):
    """MaybeUninit<T> → ManuallyDrop<T> → (MaybeDangling<T> →) T, as LLDB sees them."""
    value = value.GetNonSyntheticValue()
    for _ in range(4):
        inner = value.GetChildMemberWithName("value")
        if not inner.IsValid() and "MaybeDangling<" in (value.GetTypeName() or ""):
            inner = value.GetChildAtIndex(0)
        if not inner.IsValid():
            break
        value = inner.GetNonSyntheticValue()
    return value


class _BTreeMapProvider:
    """BTreeMap<K, V>, which rustc's LLDB formatters leave raw: its entries in order, each child
    named by its key (`[1]`, `["apple"]`) with its value. Nodes are walked from the root: a leaf
    holds `len` keys and values; an internal node (height > 0) also `len + 1` edges."""

    def __init__(self, valobj, _dict):
        self.valobj = valobj
        self.items = []
        self.update()

    def update(self):
        self.items = []
        raw = self.valobj.GetNonSyntheticValue()
        length = raw.GetChildMemberWithName("length").GetValueAsUnsigned()
        _check_size(length, None)
        if length == 0:
            return False
        some = lldb_providers.ClangEncodedEnumProvider(raw.GetChildMemberWithName("root").GetNonSyntheticValue(), {})
        root = some.value.GetNonSyntheticValue().GetChildMemberWithName("__0")
        height = root.GetChildMemberWithName("height").GetValueAsUnsigned()
        node = root.GetChildMemberWithName("node").GetChildMemberWithName("pointer")
        self._walk(node.GetValueAsUnsigned(), height, node.GetType().GetPointeeType())
        if len(self.items) != length:
            raise ValueError("walked %d entries of %d" % (len(self.items), length))
        return False

    def _walk(self, address, height, leaf_type):
        # InternalNode is #[repr(C)] { data: LeafNode, edges: [BoxedNode; 12] }: its edges follow
        # the leaf part at pointer alignment (its own type may be missing from the debug info).
        if len(self.items) > _MAX_ITEMS or height > 64 or address == 0:
            raise ValueError("not a real tree")
        leaf = self.valobj.CreateValueFromAddress("node", address, leaf_type).GetNonSyntheticValue()
        count = leaf.GetChildMemberWithName("len").GetValueAsUnsigned()
        if count > 11:
            raise ValueError("a node of %d entries" % count)
        keys = leaf.GetChildMemberWithName("keys")
        vals = leaf.GetChildMemberWithName("vals")
        size = self.valobj.GetTarget().GetAddressByteSize()
        edges = address + (leaf_type.GetByteSize() + size - 1) // size * size
        process = self.valobj.GetProcess()

        def edge(i):
            error = lldb.SBError()
            pointer = process.ReadPointerFromMemory(edges + i * size, error)
            if not error.Success():
                raise ValueError("cannot read a node's edge")
            return pointer

        for i in range(count):
            if height > 0:
                self._walk(edge(i), height - 1, leaf_type)
            self.items.append((_unwrap(keys.GetChildAtIndex(i)), _unwrap(vals.GetChildAtIndex(i))))
        if height > 0:
            self._walk(edge(count), height - 1, leaf_type)

    def num_children(self):
        return len(self.items)

    def get_child_index(self, name):
        for i, (key, _value) in enumerate(self.items):
            if name == self._name(key):
                return i
        return -1

    def _name(self, key):
        return "[%s]" % (key.GetSummary() or key.GetValue() or "?")

    def get_child_at_index(self, index):
        if index < 0 or index >= len(self.items):
            return None
        key, value = self.items[index]
        return self.valobj.CreateValueFromAddress(self._name(key), value.GetLoadAddress(), value.GetType())

    def has_children(self):
        return True


def _checked_vec(valobj, _dict):
    _ptr, length, cap = _vec_parts(valobj)
    _check_size(length, cap)
    return lldb_providers.StdVecSyntheticProvider(valobj, _dict)


def _guard_synthetic(make):
    def provider(valobj, _dict):
        return _Safe(make, valobj, _dict)

    return provider


_lookup_synthetic = lldb_lookup.synthetic_lookup


def _enum_summary_for_pointee(pointer_type):
    # rustc registers an enum's summary when a value of the enum itself is first seen: a `&Enum`
    # seen before any showed its address alone. Registering it for the pointee's type name gives
    # pointers and references the summary too (LLDB cascades a type's summary to pointers to it).
    pointee = pointer_type.GetPointeeType() if pointer_type.IsPointerType() else pointer_type.GetDereferencedType()
    if lldb_lookup.classify_rust_type(pointee) != getattr(lldb_lookup.RustType, "ENUM", None):
        return
    name = pointee.GetName()
    if name in _enum_summaries:
        return
    _enum_summaries.add(name)
    lldb.debugger.GetCategory("Rust").AddTypeSummary(
        lldb.SBTypeNameSpecifier(name), lldb.SBTypeSummary().CreateWithFunctionName("lldb_lookup.ClangEncodedEnumSummaryProvider")
    )


_enum_summaries = set()


def _synthetic(valobj, _dict):
    if hasattr(lldb_providers, "ClangEncodedEnumProvider") and (valobj.GetType().IsPointerType() or valobj.GetType().IsReferenceType()):
        _enum_summary_for_pointee(valobj.GetType())
    rust_type = lldb_lookup.classify_rust_type(valobj.GetType())
    if rust_type == getattr(lldb_lookup.RustType, "STD_VEC", None):
        return _checked_vec(valobj, _dict)
    if valobj.GetTypeName().startswith("alloc::collections::btree::map::BTreeMap<") and hasattr(lldb_providers, "ClangEncodedEnumProvider"):
        return _BTreeMapProvider(valobj, _dict)
    return _lookup_synthetic(valobj, _dict)


lldb_providers.StdStringSummaryProvider = _string_summary
lldb_providers.StdStrSummaryProvider = _str_summary
lldb_providers.SizeSummaryProvider = _checked_size_summary
for _name in dir(lldb_lookup):
    _value = getattr(lldb_lookup, _name)
    if _name == "summary_lookup" or (_name.endswith("SummaryProvider") and callable(_value)):
        setattr(lldb_lookup, _name, _guard_summary(getattr(lldb_providers, _name, _value) if _name != "summary_lookup" else _value))
lldb_lookup.StdStringSummaryProvider = _guard_summary(_string_summary)
lldb_lookup.StdStrSummaryProvider = _guard_summary(_str_summary)
lldb_lookup.SizeSummaryProvider = _checked_size_summary  # summary_lookup calls it by this name
for _name in ("StdStringSyntheticProvider", "MSVCStrSyntheticProvider", "MSVCStdSliceSyntheticProvider"):
    if hasattr(lldb_lookup, _name):
        setattr(lldb_lookup, _name, _guard_synthetic(getattr(lldb_lookup, _name)))
lldb_lookup.synthetic_lookup = _guard_synthetic(_synthetic)

_lookup_summary = lldb_lookup.summary_lookup


def _summary(valobj, _dict):
    # rustc's summary_lookup has no BTreeMap: its size, as for a HashMap (the entries are the children).
    if valobj.GetTypeName().startswith("alloc::collections::btree::map::BTreeMap<"):
        length = valobj.GetNonSyntheticValue().GetChildMemberWithName("length").GetValueAsUnsigned()
        _check_size(length, None)
        return "size=%d" % length
    return _lookup_summary(valobj, _dict)


lldb_lookup.summary_lookup = _guard_summary(_summary)
