"""Why the system refused us (a connection, a listening port, a save file), in
the player's language.

The system's own message (`strerror`, `str(exc)`) is English whatever the
player chose, so the common causes have catalog words (lang/<lang>/errors.json);
only a cause we have no words for falls back to the system's text.
"""

import errno
import re
import socket
import ssl

from .i18n import tr

# errno -> catalog key under "oserr."
_BY_ERRNO = {
    errno.ECONNREFUSED: "refused",
    errno.ECONNRESET: "reset",
    errno.ECONNABORTED: "reset",
    errno.EPIPE: "reset",
    errno.ETIMEDOUT: "timeout",
    errno.EHOSTUNREACH: "unreachable",
    errno.ENETUNREACH: "unreachable",
    errno.ENETDOWN: "unreachable",
    errno.EHOSTDOWN: "unreachable",
    errno.EADDRINUSE: "port_in_use",
    errno.EADDRNOTAVAIL: "no_such_address",
    errno.EACCES: "denied",
    errno.EPERM: "denied",
    errno.EROFS: "read_only",
    errno.ENOSPC: "disk_full",
    errno.EDQUOT: "disk_full",
    errno.EMFILE: "too_many_files",
    errno.ENFILE: "too_many_files",
    errno.ENOENT: "no_such_folder",
    errno.ENOTDIR: "no_such_folder",
    errno.EISDIR: "no_such_folder",
    errno.EIO: "io",
}


def os_reason(exc: BaseException) -> str:
    """A short phrase saying why `exc` happened, for "could not ... ({reason})"."""
    if isinstance(exc, socket.gaierror):
        return tr("oserr.unknown_name")
    if isinstance(exc, ssl.SSLError):        # an OSError too; its errno is the library's
        return tr("oserr.tls", code=exc.reason or type(exc).__name__)
    if isinstance(exc, TimeoutError):        # asyncio's timeout is this one from Python 3.11
        return tr("oserr.timeout")
    number = getattr(exc, "errno", None)
    if number is None:
        # asyncio joins the errors of every address it tried (localhost: ::1 and
        # 127.0.0.1) into one "Multiple exceptions: [Errno 111] ..., [Errno 111] ...".
        found = re.search(r"\[Errno (\d+)\]", str(exc))
        number = int(found.group(1)) if found else None
    key = _BY_ERRNO.get(number)
    if key is not None:
        return tr("oserr." + key)
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
