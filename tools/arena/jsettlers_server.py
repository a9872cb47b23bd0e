"""The JSettlers2 server and its robots for the arena: built from source with
the distribution's Java, run in a network namespace of its own (loopback
only), never installed anywhere.

    python -m tools.arena.vs_jsettlers --build          # compile HOME/src into HOME/build
    with Server(home, port) as server: ...              # one server and its 7 robots

HOME (default /work/arena-jsettlers, or ARENA_JSETTLERS) holds `src`, a
checkout of github.com/jdmonin/JSettlers2 at release-2.6.10, and `build`.
The build compiles the server's packages with javac directly (its Gradle
script needs Gradle >= 5.6 and Maven Central, which this closed network
does not reach); gson, which only the optional savegame feature uses, comes
from Debian (`apt-get install -y openjdk-17-jdk-headless libgoogle-gson-java`).

The server binds its port on every interface (soc.server.genericServer.
NetServerSocket has no bind-address setting), so the arena runs itself,
the servers and its players inside a fresh network namespace that only has
a loopback device (`unshare -n`; Linux, root): nothing outside the arena
can connect, and the namespace vanishes with the arena's last process.
"""

import os
import shutil
import subprocess
import sys
import time

HOME = os.environ.get("ARENA_JSETTLERS", "/work/arena-jsettlers")
GSON_JARS = ("/usr/share/java/gson.jar",)
SERVER_PACKAGES = ("soc/baseclient", "soc/debug", "soc/disableDebug", "soc/game", "soc/message",
                   "soc/robot", "soc/server", "soc/util", "net/nand/util/i18n/mgr")
ROBOTS = 7                      # the server's default robot count (30 % fast "droid", the rest smart)
COOKIE = "kolonisten-arena"     # the robot cookie third-party robots connect with
NETNS_MARK = "ARENA_JSETTLERS_NETNS"

HOW_TO_GET = f"""The JSettlers2 server is not built in {HOME}.  Make it (outside the project):

    apt-get install -y openjdk-17-jdk-headless libgoogle-gson-java
    git clone https://github.com/jdmonin/JSettlers2 {HOME}/src     (or from a mirror: git clone <mirror> ...)
    git -C {HOME}/src checkout release-2.6.10
    python -m tools.arena.vs_jsettlers --build

(JSettlers is GPL-licensed: the arena only runs it, never copies it.)"""


def classpath(home: str = HOME) -> str:
    return os.pathsep.join([os.path.join(home, "build", "jar"), *GSON_JARS])


def built(home: str = HOME) -> bool:
    return os.path.exists(os.path.join(home, "build", "jar", "soc", "server", "SOCServer.class"))


def build(home: str = HOME, out=sys.stderr) -> int:
    """Compile the server and robots from HOME/src with javac into HOME/build/jar."""
    src = os.path.join(home, "src")
    java_root = os.path.join(src, "src", "main", "java")
    if not os.path.isdir(java_root):
        print(HOW_TO_GET, file=out)
        return 2
    if shutil.which("javac") is None:
        print("javac not found: apt-get install -y openjdk-17-jdk-headless", file=out)
        return 2
    if not all(os.path.exists(j) for j in GSON_JARS):
        print("gson not found: apt-get install -y libgoogle-gson-java", file=out)
        return 2
    jar = os.path.join(home, "build", "jar")
    shutil.rmtree(jar, ignore_errors=True)
    os.makedirs(jar)
    sources = [os.path.join(d, f) for pkg in SERVER_PACKAGES
               for d, _, files in os.walk(os.path.join(java_root, pkg)) for f in files if f.endswith(".java")]
    listing = os.path.join(home, "build", "sources.txt")
    with open(listing, "w") as fh:
        fh.write("\n".join(sources) + "\n")
    done = subprocess.run(["javac", "--release", "8", "-encoding", "UTF-8", "-nowarn", "-d", jar,
                           "-cp", os.pathsep.join(GSON_JARS), "-sourcepath", java_root, "@" + listing])
    if done.returncode:
        return done.returncode
    resources = os.path.join(src, "src", "main", "resources", "resources")
    os.makedirs(os.path.join(jar, "resources"))
    shutil.copy(os.path.join(resources, "version.info"), os.path.join(jar, "resources"))
    shutil.copytree(os.path.join(resources, "strings", "server"), os.path.join(jar, "resources", "strings", "server"))
    commit = subprocess.run(["git", "-C", src, "describe", "--tags", "--always"], capture_output=True, text=True)
    with open(os.path.join(home, "build", "BUILT"), "w") as fh:
        fh.write(f"JSettlers2 {commit.stdout.strip() or '?'}, {len(sources)} sources, javac --release 8\n")
    print(f"built {len(sources)} sources into {jar}", file=out)
    return 0


def source_version(home: str = HOME) -> str:
    try:
        with open(os.path.join(home, "build", "BUILT")) as fh:
            return fh.read().strip()
    except OSError:
        return "?"


def in_private_network() -> bool:
    return os.environ.get(NETNS_MARK) == "1"


def reexec_in_private_network(argv) -> int:
    """Run this command again inside a new network namespace with only a
    loopback device; returns its exit code (or 2 with a reason)."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        print("the JSettlers arena needs `unshare` and `ip` (util-linux, iproute2) to keep the server "
              "on a loopback of its own", file=sys.stderr)
        return 2
    env = dict(os.environ, **{NETNS_MARK: "1"})
    cmd = ["unshare", "--net", "--", "sh", "-c", 'ip link set lo up && exec "$@"', "sh",
           sys.executable, "-m", "tools.arena.vs_jsettlers", *argv]
    try:
        return subprocess.run(cmd, env=env).returncode
    except KeyboardInterrupt:
        return 130


class Server:
    """One JSettlers server with its robots on 127.0.0.1:port (a context manager)."""

    def __init__(self, port: int, home: str = HOME, log_path: str | None = None):
        self.port, self.home = port, home
        self.log_path = log_path or os.path.join(home, "run", f"server-{port}.log")
        self.proc = None

    def __enter__(self):
        os.makedirs(os.path.dirname(self.log_path), exist_ok=True)
        log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            ["java", "-Xmx192m", "-XX:+UseSerialGC", "-cp", classpath(self.home), "soc.server.SOCServer",
             f"-Djsettlers.startrobots={ROBOTS}", f"-Djsettlers.bots.cookie={COOKIE}",
             "-Djsettlers.bots.fast_pause_percent=0",       # robot-only tables: no pauses for show
             "-Djsettlers.bots.timeout.turn=900",           # our seat is never hurried off its turn
             "-Djsettlers.client.maxcreategames=-1", str(self.port), "40"],
            stdout=log, stderr=subprocess.STDOUT, cwd=os.path.dirname(self.log_path))
        log.close()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the JSettlers server stopped at start (see {self.log_path})")
            with open(self.log_path) as fh:
                text = fh.read()
            if "Listening on port" in text and text.count("Robot arrived") >= ROBOTS:
                return self
            time.sleep(0.3)
        self.__exit__(None, None, None)
        raise RuntimeError(f"the JSettlers server did not come up in 120 s (see {self.log_path})")

    def __exit__(self, *exc):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return False
