"""_live.py — NumPy arrays that look into a creature's own memory.

`creature.chemicals`, `.drives` and a lobe's `.states` / `.outputs` are views:
they read the bytes the core keeps (its chemical array, its drives, a lobe's
neuron arrays), which stay where they are from hatching until the creature is
freed, so an array taken once follows the creature as it steps, with no copy.
They are read-only: the creature changes through its API (inject, stimulus,
step), never behind the engine's back.

The danger of a view is outliving the memory. Every view holds a _Keeper,
which holds the core object's handle (the cffi pointer whose destructor frees
it) and, for a creature in a world, the world's keeper. So:
- a view keeps its creature (or world) alive after the Python object is gone;
- close() frees at once only when no view is alive; otherwise it lets go,
  and the memory is freed when the last view is (the keeper's handle goes);
- a creature moved into a world hands its keeper to the world's, so views
  taken before the move keep the world alive from then on.
Slices and other views of a view register with the same keeper
(__array_finalize__), so a slice that outlives its parent still counts; a copy
owns its bytes and keeps nothing.
Without NumPy these properties return bytes (a copy).
"""
import weakref

from . import _np
from ._lib import ffi


class _Keeper:
    """Keeps a core object's handle while views of its memory are alive."""

    __slots__ = ("handle", "owner", "nviews", "__weakref__")

    def __init__(self, handle):
        self.handle, self.owner, self.nviews = handle, None, 0

    def add(self, view):
        """Count `view` until it is garbage (arrays are unhashable: no WeakSet)."""
        self.nviews += 1
        weakref.finalize(view, self._gone)

    def _gone(self):
        self.nviews -= 1

    def lent(self):
        """Is any view of this object's memory still alive?"""
        return self.nviews > 0


if _np is not None:
    class LiveArray(_np.ndarray):
        """A read-only uint8 array over a creature's memory (see _live.py)."""

        def __array_finalize__(self, obj):
            # a view of a view (a slice) looks at the same memory: it counts;
            # a copy (astype, copy()) owns its bytes (no base): it keeps nothing
            keeper = getattr(obj, "_keeper", None) if self.base is not None else None
            self._keeper = keeper
            if keeper is not None:
                keeper.add(self)

        def __array_wrap__(self, arr, context=None, return_scalar=False):
            # arithmetic on a view makes a new array with memory of its own:
            # a plain ndarray, which keeps nothing alive
            if arr.shape == () and return_scalar:
                return arr[()]
            return _np.asarray(arr).view(_np.ndarray)
else:
    LiveArray = None


def live_u8(keeper, ptr, n):
    """A live read-only view of n bytes at ptr (a cffi pointer into the object
    that `keeper` keeps), or a bytes copy without NumPy."""
    if ptr == ffi.NULL:
        raise RuntimeError("the core has no such array")
    buf = ffi.buffer(ptr, n)
    if _np is None:
        return bytes(buf)
    out = _np.frombuffer(buf, dtype=_np.uint8).view(LiveArray)
    out._keeper = keeper
    keeper.add(out)
    out.flags.writeable = False
    return out
