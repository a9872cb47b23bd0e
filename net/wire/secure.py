"""Encrypted, authenticated LAN connections: the host's key, TLS contexts,
fingerprints, and the proofs a peer gives instead of sending secrets.

Every connection is TLS 1.3 (the standard library's ssl under asyncio).  The
host has one long-term key pair and a self-signed certificate, kept in the
user's data folder (`key_dir()`), made once on first use.  Its fingerprint
is the SHA-256 of the certificate (64 hex digits); players compare the
short code (`short_code`) shown on every screen.  Clients do not ask a
certificate authority: they pin the fingerprint.  The first join trusts the
fingerprint of the advertised game the player clicked (or, for a typed
address, the one the host shows: trust on first use); from then on the
seat's token is filed under that fingerprint (net/peer/tokens.py) and a
reconnect goes only to a host holding the same key.  TLS 1.3 makes the host
prove it holds the key (its signature over the handshake), so a copy of the
certificate is useless without the private key.

A seat token is never sent back to the host: a peer proves it with
`token_proof`, an HMAC keyed by the token over a fresh nonce the host chose
for this connection and the host's fingerprint, so a proof is worthless on
any other connection and to any other host.  A join code is proven by a key
exchange (net/wire/pake.py), never by a hash of it.  The host sends a token once, inside TLS, when it seats a player.
"""

import datetime
import hashlib
import hmac
import os
import ssl

FINGERPRINT_LEN = 64            # hex digits of SHA-256
NONCE_LEN = 32
PROOF_LEN = 32
_FILE = "host.pem"              # the private key and its certificate, in one file
_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I: read aloud across a table


class HostKeyError(Exception):
    """The host key could not be read or made (message says why)."""


def key_dir() -> str:
    """Where the host key lives: $KOLONISTEN_KEY_DIR, else `keys` in
    $KOLONISTEN_HOME, else the user data folder (platformdirs)."""
    if os.environ.get("KOLONISTEN_KEY_DIR"):
        return os.environ["KOLONISTEN_KEY_DIR"]
    if os.environ.get("KOLONISTEN_HOME"):
        return os.path.join(os.environ["KOLONISTEN_HOME"], "keys")
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("kolonisten", appauthor=False), "keys")


def fingerprint(cert_der: bytes) -> str:
    return hashlib.sha256(cert_der).hexdigest()


def is_fingerprint(text) -> bool:
    return (type(text) is str and len(text) == FINGERPRINT_LEN
            and all(c in "0123456789abcdef" for c in text))


def short_code(fp: str) -> str:
    """A fingerprint as people compare it: 12 characters (60 bits) in three
    groups, e.g. 'K7QF-2M9X-RT4B'.  The full fingerprint is what is pinned."""
    n = int(fp[:15], 16)            # 60 bits
    chars = []
    for _ in range(12):
        chars.append(_ALPHABET[n & 31])
        n >>= 5
    code = "".join(reversed(chars))
    return f"{code[:4]}-{code[4:8]}-{code[8:]}"


class Identity:
    """The host's key pair and certificate (the file `host.pem` in `directory`,
    never replaced once made, so the fingerprint read here is the key served)."""

    def __init__(self, directory: str):
        self.directory = directory
        self.path = os.path.join(directory, _FILE)
        with open(self.path, "rb") as f:
            pem = f.read().decode("ascii")
        begin = pem.index("-----BEGIN CERTIFICATE-----")
        self.cert_der = ssl.PEM_cert_to_DER_cert(pem[begin:])
        self.fingerprint = fingerprint(self.cert_der)
        self.short_code = short_code(self.fingerprint)

    def server_context(self) -> ssl.SSLContext:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_3
        ctx.load_cert_chain(self.path)
        return ctx


def load_identity(directory: str | None = None) -> Identity:
    """The host key in `directory` (default `key_dir()`), made on first use.
    Raises HostKeyError with a reason when it can be neither read nor made."""
    directory = directory or key_dir()
    try:
        if not os.path.exists(os.path.join(directory, _FILE)):
            _make_identity(directory)
        return Identity(directory)
    except (OSError, ValueError, ssl.SSLError) as exc:
        raise HostKeyError(f"cannot read or make the host key in {directory}: {exc}") from exc


def _make_identity(directory: str) -> None:
    """A new P-256 key and a self-signed certificate, the key readable by its
    owner only.  Validity is irrelevant (nobody checks dates: the key is
    pinned), so the certificate simply lasts a century."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "kolonisten host")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=36500))
            .sign(key, hashes.SHA256()))
    os.makedirs(directory, mode=0o700, exist_ok=True)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption()) + cert.public_bytes(serialization.Encoding.PEM)
    path = os.path.join(directory, _FILE)
    tmp = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(pem)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)      # atomic and never over an existing key: a racing maker's wins
        except FileExistsError:
            pass
    finally:
        os.remove(tmp)


def client_context() -> ssl.SSLContext:
    """TLS 1.3 without certificate authorities: the caller checks the
    host's fingerprint against its pin (`peer_fingerprint`)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def peer_fingerprint(writer) -> str | None:
    """The fingerprint of the certificate the host presented on `writer`'s connection."""
    ssl_object = writer.get_extra_info("ssl_object")
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return fingerprint(der) if der else None


def new_nonce() -> bytes:
    return os.urandom(NONCE_LEN)


def _mac(key: bytes, label: bytes, host_fp: str, nonce: bytes, extra: bytes = b"") -> bytes:
    return hmac.new(key, label + b"\0" + host_fp.encode("ascii") + nonce + extra,
                    hashlib.sha256).digest()


def token_proof(token: str, host_fp: str, nonce: bytes, seat: int) -> bytes:
    """What a peer sends to take its seat back: proof that it holds the
    seat's token, good for this connection (nonce) to this host (key) only."""
    return _mac(token.encode("utf-8", "surrogatepass"), b"kolonisten-rejoin", host_fp, nonce,
                bytes([seat]))


def same_proof(expected: bytes, given: bytes) -> bool:
    return hmac.compare_digest(expected, given)
